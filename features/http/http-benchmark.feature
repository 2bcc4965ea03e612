@Http
Feature: HTTP benchmark suites: every model of the HTTP server on the same path, each suite ranked on its own
  Every combination is measured as JMH measures a benchmark: in each fork, a fresh server JVM (`serve --model ...`,
  pinned to CPU 0 when taskset exists) and a fresh load-client JVM (`load --client ... --json`, pinned to CPU 1);
  inside that client JVM, warmup iterations and then measured iterations of the same fixed work, against the same
  server. The server's CPU, GC and allocation figures are read just before and just after each measured iteration.
  Forks and iterations are the harness's settings (-Dloomarena.forks, -Dloomarena.warmupIterations,
  -Dloomarena.iterations; defaults 2, 2 and 3). Every model gets exactly the same command lines apart from `--model`.
  The rows of one suite and workload that a run selects are measured together by the first of them, interleaved: fork
  k of each before fork k+1 of any, in an order shuffled from a seed the run prints (-Dloomarena.seed repeats it).
  Summaries go to target-results/http-<suite>/. Each suite's ranking scenario comes after its runs, ranks them and
  writes ranking.md and ranking.csv beside them. It refuses, naming them, summaries that are missing or whose workloads
  differ: after a @Full run, rerun the quick one (or the full one) of every combination before ranking.
  Every variant is tagged @Slow, so none runs in the default build (whose time goes to the echo matrix); the full
  sizes are also tagged @Full. -Dcucumber.filter.tags='@HttpPing and not @Full and not @Gate' runs the quick ping suite (200,000
  requests, so that each measured iteration lasts at least a second here; about 5 minutes) and its ranking.
  The pool model has 100 threads unless its label says otherwise (POOL_4_SERVER has 4); `pool --pool-size 2xcpu`,
  the size a CPU-bound service is often given, has 2 threads per CPU of the server's machine, counted by the server
  itself (POOL_2XCPU_SERVER, whichever machine plans the run). The summary's server model records the pool size.
  Each suite lists its combinations once, in Java (HttpSuite); SuiteExamplesTest fails when these Examples and
  that list disagree, naming the combination missing or extra. The ping suite also measures `netty`, Netty's own
  HTTP server (its HTTP codec, epoll where it loads): a reference for /ping and /data.json only, so it is in no
  other suite and, but for its SIGTERM stop, no functional scenario (docs/http-server.md, "The netty reference").

  @Performance @HttpPing
  Scenario Outline: ping: <server> against the <client> client, /ping over 10 keep-alive connections
    The source's ab test (ab -k -n 100000 -c 10): a fixed amount of work, ranked by the time it takes.
    Given the HTTP ping suite sends <requests> requests to "/ping" over 10 keep-alive connections
    When "<server>" is measured against the <client> client
    Then its summary is saved in the suite's folder and every measured iteration answered every request without error
    And every fork ran its iterations in one fresh client JVM against one fresh server JVM

    @Slow
    Examples: quick, 200,000 requests
      | server                  | client   | requests |
      | single                  | platform | 200000   |
      | single                  | virtual  | 200000   |
      | platform                | platform | 200000   |
      | platform                | virtual  | 200000   |
      | pool                    | platform | 200000   |
      | pool                    | virtual  | 200000   |
      | virtual                 | platform | 200000   |
      | virtual                 | virtual  | 200000   |
      | virtual --cache-content | platform | 200000   |
      | virtual --cache-content | virtual  | 200000   |
      | event-loop              | platform | 200000   |
      | event-loop              | virtual  | 200000   |
      | netty                   | platform | 200000   |
      | netty                   | virtual  | 200000   |
    @Slow @Full
    Examples: full, 1,000,000 requests
      | server                  | client   | requests |
      | single                  | platform | 1000000  |
      | single                  | virtual  | 1000000  |
      | platform                | platform | 1000000  |
      | platform                | virtual  | 1000000  |
      | pool                    | platform | 1000000  |
      | pool                    | virtual  | 1000000  |
      | virtual                 | platform | 1000000  |
      | virtual                 | virtual  | 1000000  |
      | virtual --cache-content | platform | 1000000  |
      | virtual --cache-content | virtual  | 1000000  |
      | event-loop              | platform | 1000000  |
      | event-loop              | virtual  | 1000000  |
      | netty                   | platform | 1000000  |
      | netty                   | virtual  | 1000000  |
    @Slow
    Examples: quick, 200,000 requests, a pool of 2 threads per CPU
      | server                 | client   | requests |
      | pool --pool-size 2xcpu | platform | 200000   |
      | pool --pool-size 2xcpu | virtual  | 200000   |
    @Slow @Full
    Examples: full, 1,000,000 requests, a pool of 2 threads per CPU
      | server                 | client   | requests |
      | pool --pool-size 2xcpu | platform | 1000000  |
      | pool --pool-size 2xcpu | virtual  | 1000000  |
    @Slow @Framework
    Examples: quick, 200,000 requests, the framework rows (run by tag: docs/http-benchmarks.md, "Framework rows")
      | server               | client  | requests |
      | spring-boot-virtual  | virtual | 200000   |
      | spring-boot-platform | virtual | 200000   |
      | helidon              | virtual | 200000   |
      | jetty-virtual        | virtual | 200000   |
      | jetty-queued         | virtual | 200000   |
    @Slow @Full @Framework
    Examples: full, 1,000,000 requests, the framework rows
      | server               | client  | requests |
      | spring-boot-virtual  | virtual | 1000000  |
      | spring-boot-platform | virtual | 1000000  |
      | helidon              | virtual | 1000000  |
      | jetty-virtual        | virtual | 1000000  |
      | jetty-queued         | virtual | 1000000  |

  @PerformanceSummary @Slow @HttpPing
  Scenario: Rank the ping suite: every model x client, fastest first
    When the HTTP ping summaries are ranked
    Then the ranking lists every combination of each group fastest first, one [PERF][FINAL] line each
    And the ranking is written as ranking.md and ranking.csv in the suite's folder

  @Performance @HttpData @ClientVirtual
  Scenario Outline: data: <server>, a ramp of <users> users fetching /data.json
    An open model, as JMeter's thread group: the users start evenly over the ramp whatever the server does, each opens
    its own connection and sends one request; latency counts from the user's due time. `virtual` reads the 204 KiB
    file from disk on every request, `virtual --cache-content` holds it in memory. Failed requests are counted, not
    fatal.
    Given the HTTP data suite ramps up <users> users over <millis> ms, each sending one request to "/data.json", counting failed requests
    When "<server>" is measured against the virtual client
    Then its summary is saved in the suite's folder and every request of every measured iteration was answered or counted as an error
    And every fork ran its iterations in one fresh client JVM against one fresh server JVM

    @Slow
    Examples: quick, 200 users over 0.5 s
      | server                  | users | millis |
      | single                  | 200   | 500    |
      | platform                | 200   | 500    |
      | pool                    | 200   | 500    |
      | virtual                 | 200   | 500    |
      | virtual --cache-content | 200   | 500    |
      | event-loop              | 200   | 500    |
    @Slow @Full
    Examples: full, 10,000 users over 60 s
      | server                  | users | millis |
      | single                  | 10000 | 60000  |
      | platform                | 10000 | 60000  |
      | pool                    | 10000 | 60000  |
      | virtual                 | 10000 | 60000  |
      | virtual --cache-content | 10000 | 60000  |
      | event-loop              | 10000 | 60000  |

  @PerformanceSummary @Slow @HttpData
  Scenario: Rank the data suite by p99 latency of the open-model ramp
    In an open model the schedule, not the server, fixes how long a run takes, so elapsed time ranks nothing: the
    ranking is by p99 latency (lower is better), with p50, p90, p95, max and the error rate beside it.
    When the HTTP data summaries are ranked
    Then the ranking lists every server by p99 latency, lowest first, under a header that says so
    And the ranking is written as ranking.md and ranking.csv in the suite's folder

  @Performance @HttpSweep @ClientVirtual
  Scenario Outline: sweep: <server>, the 50 KB page at <connections> connections, keep-alive <keepAlive>
    A fixed amount of work per level; with keep-alive off every request opens its own connection (ab without -k).
    Failed requests (a bounded model may time some out at 200 connections) are counted and shown, not fatal.
    Given the HTTP sweep suite sends <requests> requests to "/files/index.html" over <connections> connections with keep-alive <keepAlive>, counting failed requests
    When "<server>" is measured against the virtual client
    Then its summary is saved in the suite's folder and every request of every measured iteration was answered or counted as an error

    @Slow
    Examples: quick, 10 and 50 connections (keep-alive off at 50 only), 2,000 requests
      | server                  | connections | keepAlive | requests |
      | single                  | 10          | on        | 2000     |
      | single                  | 50          | on        | 2000     |
      | single                  | 50          | off       | 2000     |
      | platform                | 10          | on        | 2000     |
      | platform                | 50          | on        | 2000     |
      | platform                | 50          | off       | 2000     |
      | pool                    | 10          | on        | 2000     |
      | pool                    | 50          | on        | 2000     |
      | pool                    | 50          | off       | 2000     |
      | virtual                 | 10          | on        | 2000     |
      | virtual                 | 50          | on        | 2000     |
      | virtual                 | 50          | off       | 2000     |
      | virtual --cache-content | 10          | on        | 2000     |
      | virtual --cache-content | 50          | on        | 2000     |
      | virtual --cache-content | 50          | off       | 2000     |
      | event-loop              | 10          | on        | 2000     |
      | event-loop              | 50          | on        | 2000     |
      | event-loop              | 50          | off       | 2000     |
    @Slow @Full
    Examples: full, 1, 10, 50 and 200 connections, 10,000 requests
      | server                  | connections | keepAlive | requests |
      | single                  | 1           | on        | 10000    |
      | single                  | 1           | off       | 10000    |
      | single                  | 10          | on        | 10000    |
      | single                  | 10          | off       | 10000    |
      | single                  | 50          | on        | 10000    |
      | single                  | 50          | off       | 10000    |
      | single                  | 200         | on        | 10000    |
      | single                  | 200         | off       | 10000    |
      | platform                | 1           | on        | 10000    |
      | platform                | 1           | off       | 10000    |
      | platform                | 10          | on        | 10000    |
      | platform                | 10          | off       | 10000    |
      | platform                | 50          | on        | 10000    |
      | platform                | 50          | off       | 10000    |
      | platform                | 200         | on        | 10000    |
      | platform                | 200         | off       | 10000    |
      | pool                    | 1           | on        | 10000    |
      | pool                    | 1           | off       | 10000    |
      | pool                    | 10          | on        | 10000    |
      | pool                    | 10          | off       | 10000    |
      | pool                    | 50          | on        | 10000    |
      | pool                    | 50          | off       | 10000    |
      | pool                    | 200         | on        | 10000    |
      | pool                    | 200         | off       | 10000    |
      | virtual                 | 1           | on        | 10000    |
      | virtual                 | 1           | off       | 10000    |
      | virtual                 | 10          | on        | 10000    |
      | virtual                 | 10          | off       | 10000    |
      | virtual                 | 50          | on        | 10000    |
      | virtual                 | 50          | off       | 10000    |
      | virtual                 | 200         | on        | 10000    |
      | virtual                 | 200         | off       | 10000    |
      | virtual --cache-content | 1           | on        | 10000    |
      | virtual --cache-content | 1           | off       | 10000    |
      | virtual --cache-content | 10          | on        | 10000    |
      | virtual --cache-content | 10          | off       | 10000    |
      | virtual --cache-content | 50          | on        | 10000    |
      | virtual --cache-content | 50          | off       | 10000    |
      | virtual --cache-content | 200         | on        | 10000    |
      | virtual --cache-content | 200         | off       | 10000    |
      | event-loop              | 1           | on        | 10000    |
      | event-loop              | 1           | off       | 10000    |
      | event-loop              | 10          | on        | 10000    |
      | event-loop              | 10          | off       | 10000    |
      | event-loop              | 50          | on        | 10000    |
      | event-loop              | 50          | off       | 10000    |
      | event-loop              | 200         | on        | 10000    |
      | event-loop              | 200         | off       | 10000    |

  @PerformanceSummary @Slow @HttpSweep
  Scenario: Rank the sweep: one table per concurrency level and keep-alive setting
    Each table ranks the models at one level by throughput (highest first) and shows their p99 beside it.
    When the HTTP sweep summaries are ranked
    Then the ranking shows one table per level, each listing every server with its throughput and p99
    And the ranking is written as ranking.md and ranking.csv in the suite's folder

  @Performance @HttpFanout @ClientVirtual
  Scenario Outline: fanout: <server>, <path> at 100 connections
    The Spring Boot experiment: /fanout makes 3 sequential blocking calls to a downstream /io?ms=10, so a request
    holds its thread about 30 ms while the CPU is idle. The downstream is a fresh `serve --model virtual` JVM started
    before the server, pinned with the client (CPU 1) so that it does not take the measured server's CPU; /io?ms=10
    blocks the serving thread directly, without a downstream. One connection per request, because the pool
    model holds a thread per connection: with keep-alive, 4 threads would serve 4 connections and starve the others.
    `pool --pool-size 4` is the pool model with 4 threads (POOL_4_SERVER), `pool` has 100 (POOL_SERVER).
    `event-loop` holds no thread while it waits: /io?ms=10 ends on its loop's timer, /fanout's downstream calls are
    asynchronous.
    Given the HTTP fanout suite sends <requests> requests to "<path>" over 100 connections, one connection per request
    When "<server>" is measured against the virtual client
    Then its summary is saved in the suite's folder and every measured iteration answered every request without error
    And the summary records the downstream JVM and where it ran, exactly when the path calls one

    # without server single, platform: the experiment sets a pool's thread bound against models that hold no thread while
    # they wait (virtual, event-loop); single serves one connection at a time, platform is bound by memory as virtual is
    @Slow
    Examples: quick, 100 requests (one per connection)
      | server             | path                  | requests |
      | virtual            | /fanout?calls=3&ms=10 | 100      |
      | virtual            | /io?ms=10             | 100      |
      | pool --pool-size 4 | /fanout?calls=3&ms=10 | 100      |
      | pool --pool-size 4 | /io?ms=10             | 100      |
      | pool               | /fanout?calls=3&ms=10 | 100      |
      | pool               | /io?ms=10             | 100      |
      | event-loop         | /fanout?calls=3&ms=10 | 100      |
      | event-loop         | /io?ms=10             | 100      |
    @Slow @Full
    Examples: full, 3,000 requests
      | server             | path                  | requests |
      | virtual            | /fanout?calls=3&ms=10 | 3000     |
      | virtual            | /io?ms=10             | 3000     |
      | pool --pool-size 4 | /fanout?calls=3&ms=10 | 3000     |
      | pool --pool-size 4 | /io?ms=10             | 3000     |
      | pool               | /fanout?calls=3&ms=10 | 3000     |
      | pool               | /io?ms=10             | 3000     |
      | event-loop         | /fanout?calls=3&ms=10 | 3000     |
      | event-loop         | /io?ms=10             | 3000     |
    @Slow @Framework
    Examples: quick, 100 requests (one per connection), the framework rows
      | server               | path                  | requests |
      | spring-boot-virtual  | /fanout?calls=3&ms=10 | 100      |
      | spring-boot-virtual  | /io?ms=10             | 100      |
      | spring-boot-platform | /fanout?calls=3&ms=10 | 100      |
      | spring-boot-platform | /io?ms=10             | 100      |
      | helidon              | /fanout?calls=3&ms=10 | 100      |
      | helidon              | /io?ms=10             | 100      |
      | jetty-virtual        | /fanout?calls=3&ms=10 | 100      |
      | jetty-virtual        | /io?ms=10             | 100      |
      | jetty-queued         | /fanout?calls=3&ms=10 | 100      |
      | jetty-queued         | /io?ms=10             | 100      |
    @Slow @Full @Framework
    Examples: full, 3,000 requests, the framework rows
      | server               | path                  | requests |
      | spring-boot-virtual  | /fanout?calls=3&ms=10 | 3000     |
      | spring-boot-virtual  | /io?ms=10             | 3000     |
      | spring-boot-platform | /fanout?calls=3&ms=10 | 3000     |
      | spring-boot-platform | /io?ms=10             | 3000     |
      | helidon              | /fanout?calls=3&ms=10 | 3000     |
      | helidon              | /io?ms=10             | 3000     |
      | jetty-virtual        | /fanout?calls=3&ms=10 | 3000     |
      | jetty-virtual        | /io?ms=10             | 3000     |
      | jetty-queued         | /fanout?calls=3&ms=10 | 3000     |
      | jetty-queued         | /io?ms=10             | 3000     |

  @PerformanceSummary @Slow @HttpFanout
  Scenario: Rank the fanout suite: one ranking for /fanout and one for /io, fastest first
    When the HTTP fanout summaries are ranked
    Then the ranking lists every combination of each group fastest first, one [PERF][FINAL] line each
    And the ranking is written as ranking.md and ranking.csv in the suite's folder

  @Performance @HttpCpu @ClientVirtual
  Scenario Outline: cpu: <server>, /cpu at <connections> keep-alive connections
    Pure computation (n rounds of integer mixing, about 1 ns each) on a server pinned to one CPU: no thread model can
    make it faster, and more threads only add switching. The ranking shows what it measures, not what we expect.
    Given the HTTP cpu suite sends <requests> requests to "/cpu?n=<rounds>" over <connections> keep-alive connections
    When "<server>" is measured against the virtual client
    Then its summary is saved in the suite's folder and every measured iteration answered every request without error

    @Slow
    Examples: quick, 50 connections only, 1,000 requests of 100,000 rounds
      | server                  | connections | rounds | requests |
      | single                  | 50          | 100000 | 1000     |
      | platform                | 50          | 100000 | 1000     |
      | pool                    | 50          | 100000 | 1000     |
      | virtual                 | 50          | 100000 | 1000     |
      | virtual --cache-content | 50          | 100000 | 1000     |
      | event-loop              | 50          | 100000 | 1000     |
    @Slow @Full
    Examples: full, 5,000 requests of 1,000,000 rounds
      | server                  | connections | rounds  | requests |
      | single                  | 2           | 1000000 | 5000     |
      | single                  | 50          | 1000000 | 5000     |
      | platform                | 2           | 1000000 | 5000     |
      | platform                | 50          | 1000000 | 5000     |
      | pool                    | 2           | 1000000 | 5000     |
      | pool                    | 50          | 1000000 | 5000     |
      | virtual                 | 2           | 1000000 | 5000     |
      | virtual                 | 50          | 1000000 | 5000     |
      | virtual --cache-content | 2           | 1000000 | 5000     |
      | virtual --cache-content | 50          | 1000000 | 5000     |
      | event-loop              | 2           | 1000000 | 5000     |
      | event-loop              | 50          | 1000000 | 5000     |

  @PerformanceSummary @Slow @HttpCpu
  Scenario: Rank the cpu suite: one ranking per concurrency level, fastest first
    When the HTTP cpu summaries are ranked
    Then the ranking lists every combination of each group fastest first, one [PERF][FINAL] line each
    And the ranking is written as ranking.md and ranking.csv in the suite's folder

  @Performance @HttpConditional @ClientVirtual
  Scenario Outline: conditional: <server>, /data.json revalidated over 10 keep-alive connections, each answered 304
    What a browser or a CDN asks of static content it already holds: one GET first (not measured) gives the ETag,
    then every request carries it in If-None-Match and must be answered 304, a head without a body (a 200 is a failed
    request). Fixed work, ranked by the time it takes, as the ping suite; nginx's figure for the same request is in
    bench/server-cost.sh's conditional part.
    Given the HTTP conditional suite revalidates "/data.json" <requests> times over 10 keep-alive connections, each answered 304
    When "<server>" is measured against the virtual client
    Then its summary is saved in the suite's folder and every measured iteration answered every request without error
    And every fork ran its iterations in one fresh client JVM against one fresh server JVM

    @Slow
    Examples: quick, 200,000 requests
      | server                  | requests |
      | single                  | 200000   |
      | platform                | 200000   |
      | pool                    | 200000   |
      | virtual                 | 200000   |
      | virtual --cache-content | 200000   |
      | event-loop              | 200000   |
    @Slow @Full
    Examples: full, 1,000,000 requests
      | server                  | requests |
      | single                  | 1000000  |
      | platform                | 1000000  |
      | pool                    | 1000000  |
      | virtual                 | 1000000  |
      | virtual --cache-content | 1000000  |
      | event-loop              | 1000000  |

  @PerformanceSummary @Slow @HttpConditional
  Scenario: Rank the conditional suite: every model, fastest first
    When the HTTP conditional summaries are ranked
    Then the ranking lists every combination of each group fastest first, one [PERF][FINAL] line each
    And the ranking is written as ranking.md and ranking.csv in the suite's folder
