@Http
Feature: HTTP benchmark suites: every stage of the HTTP server on the same path, each suite ranked on its own
  Every combination is measured as JMH measures a benchmark: in each fork, a fresh server JVM (`serve --stage ...`,
  pinned to CPU 0 when taskset exists) and a fresh load-client JVM (`load --client ... --json`, pinned to CPU 1);
  inside that client JVM, warmup iterations and then measured iterations of the same fixed work, against the same
  server. The server's CPU, GC and allocation figures are read just before and just after each measured iteration.
  Forks and iterations are the harness's settings (-Dloomarena.forks, -Dloomarena.warmupIterations,
  -Dloomarena.iterations; defaults 2, 2 and 3). Every stage gets exactly the same command lines apart from `--stage`.
  Summaries go to target-results/http-<suite>/. Each suite's ranking scenario comes after its runs, ranks them and
  writes ranking.md and ranking.csv beside them. It refuses, naming them, summaries that are missing or whose workloads
  differ: after a @Full run, rerun the quick one (or the full one) of every combination before ranking.
  Every variant is tagged @Slow, so none runs in the default build (whose time goes to the echo matrix); the full
  sizes are also tagged @Full. -Dcucumber.filter.tags='@HttpPing and not @Full' runs the quick ping suite (200,000
  requests, so that each measured iteration lasts at least a second here; about 5 minutes) and its ranking.
  The thread-pool stage has 100 threads unless its label says otherwise (THREAD_POOL_4 has 4); the summary's server
  model records the pool size.

  @Performance @HttpPing
  Scenario Outline: ping: <stage> stage against the <client> client, /ping over 10 keep-alive connections
    The source's ab test (ab -k -n 100000 -c 10): a fixed amount of work, ranked by the time it takes.
    Given the HTTP ping suite sends <requests> requests to "/ping" over 10 keep-alive connections
    When the <stage> stage is measured against the <client> client
    Then its summary is saved in the suite's folder and every measured iteration answered every request without error
    And every fork ran its iterations in one fresh client JVM against one fresh server JVM

    @Slow @SingleThreaded @ClientPlatform
    Examples: quick, 200,000 requests
      | stage           | client   | requests |
      | single-threaded | platform | 200000   |
    @Slow @SingleThreaded @ClientVirtual
    Examples: quick, 200,000 requests
      | stage           | client  | requests |
      | single-threaded | virtual | 200000   |
    @Slow @ThreadPerRequest @ClientPlatform
    Examples: quick, 200,000 requests
      | stage              | client   | requests |
      | thread-per-request | platform | 200000   |
    @Slow @ThreadPerRequest @ClientVirtual
    Examples: quick, 200,000 requests
      | stage              | client  | requests |
      | thread-per-request | virtual | 200000   |
    @Slow @ThreadPool @ClientPlatform
    Examples: quick, 200,000 requests
      | stage       | client   | requests |
      | thread-pool | platform | 200000   |
    @Slow @ThreadPool @ClientVirtual
    Examples: quick, 200,000 requests
      | stage       | client  | requests |
      | thread-pool | virtual | 200000   |
    @Slow @VirtualThreads @ClientPlatform
    Examples: quick, 200,000 requests
      | stage   | client   | requests |
      | virtual | platform | 200000   |
    @Slow @VirtualThreads @ClientVirtual
    Examples: quick, 200,000 requests
      | stage   | client  | requests |
      | virtual | virtual | 200000   |
    @Slow @VirtualThreadsCached @ClientPlatform
    Examples: quick, 200,000 requests
      | stage          | client   | requests |
      | virtual-cached | platform | 200000   |
    @Slow @VirtualThreadsCached @ClientVirtual
    Examples: quick, 200,000 requests
      | stage          | client  | requests |
      | virtual-cached | virtual | 200000   |
    @Slow @Full @SingleThreaded @ClientPlatform
    Examples: full, 1,000,000 requests
      | stage           | client   | requests |
      | single-threaded | platform | 1000000  |
    @Slow @Full @SingleThreaded @ClientVirtual
    Examples: full, 1,000,000 requests
      | stage           | client  | requests |
      | single-threaded | virtual | 1000000  |
    @Slow @Full @ThreadPerRequest @ClientPlatform
    Examples: full, 1,000,000 requests
      | stage              | client   | requests |
      | thread-per-request | platform | 1000000  |
    @Slow @Full @ThreadPerRequest @ClientVirtual
    Examples: full, 1,000,000 requests
      | stage              | client  | requests |
      | thread-per-request | virtual | 1000000  |
    @Slow @Full @ThreadPool @ClientPlatform
    Examples: full, 1,000,000 requests
      | stage       | client   | requests |
      | thread-pool | platform | 1000000  |
    @Slow @Full @ThreadPool @ClientVirtual
    Examples: full, 1,000,000 requests
      | stage       | client  | requests |
      | thread-pool | virtual | 1000000  |
    @Slow @Full @VirtualThreads @ClientPlatform
    Examples: full, 1,000,000 requests
      | stage   | client   | requests |
      | virtual | platform | 1000000  |
    @Slow @Full @VirtualThreads @ClientVirtual
    Examples: full, 1,000,000 requests
      | stage   | client  | requests |
      | virtual | virtual | 1000000  |
    @Slow @Full @VirtualThreadsCached @ClientPlatform
    Examples: full, 1,000,000 requests
      | stage          | client   | requests |
      | virtual-cached | platform | 1000000  |
    @Slow @Full @VirtualThreadsCached @ClientVirtual
    Examples: full, 1,000,000 requests
      | stage          | client  | requests |
      | virtual-cached | virtual | 1000000  |

  @Performance @HttpPing @ThreadPool
  Scenario Outline: ping: thread-pool stage with 2 x CPUs threads against the <client> client
    The pool size a CPU-bound service is often given, beside the default pool of 100 (labelled THREAD_POOL_<2 x CPUs>).
    Given the HTTP ping suite sends <requests> requests to "/ping" over 10 keep-alive connections
    When the thread-pool stage with 2 x CPUs threads is measured against the <client> client
    Then its summary is saved in the suite's folder and every measured iteration answered every request without error
    And every fork ran its iterations in one fresh client JVM against one fresh server JVM

    @Slow @ClientPlatform
    Examples: quick, 200,000 requests
      | client   | requests |
      | platform | 200000   |
    @Slow @ClientVirtual
    Examples: quick, 200,000 requests
      | client  | requests |
      | virtual | 200000   |
    @Slow @Full @ClientPlatform
    Examples: full, 1,000,000 requests
      | client   | requests |
      | platform | 1000000  |
    @Slow @Full @ClientVirtual
    Examples: full, 1,000,000 requests
      | client  | requests |
      | virtual | 1000000  |

  @PerformanceSummary @Slow @HttpPing
  Scenario: Rank the ping suite: every stage x client, fastest first
    When the HTTP ping summaries are ranked
    Then the ranking lists every combination of each group fastest first, one [PERF][FINAL] line each
    And the ranking is written as ranking.md and ranking.csv in the suite's folder

  @Performance @HttpData @ClientVirtual
  Scenario Outline: data: <stage> stage, a ramp of <users> users fetching /data.json
    An open model, as JMeter's thread group: the users start evenly over the ramp whatever the server does, each opens
    its own connection and sends one request; latency counts from the user's due time. `virtual` reads the 204 KiB
    file from disk on every request, `virtual-cached` holds it in memory. Failed requests are counted, not fatal.
    Given the HTTP data suite ramps up <users> users over <millis> ms, each sending one request to "/data.json", counting failed requests
    When the <stage> stage is measured against the virtual client
    Then its summary is saved in the suite's folder and every request of every measured iteration was answered or counted as an error
    And every fork ran its iterations in one fresh client JVM against one fresh server JVM

    @Slow @SingleThreaded
    Examples: quick, 200 users over 0.5 s
      | stage           | users | millis |
      | single-threaded | 200   | 500    |
    @Slow @ThreadPerRequest
    Examples: quick, 200 users over 0.5 s
      | stage              | users | millis |
      | thread-per-request | 200   | 500    |
    @Slow @ThreadPool
    Examples: quick, 200 users over 0.5 s
      | stage       | users | millis |
      | thread-pool | 200   | 500    |
    @Slow @VirtualThreads
    Examples: quick, 200 users over 0.5 s
      | stage   | users | millis |
      | virtual | 200   | 500    |
    @Slow @VirtualThreadsCached
    Examples: quick, 200 users over 0.5 s
      | stage          | users | millis |
      | virtual-cached | 200   | 500    |
    @Slow @Full @SingleThreaded
    Examples: full, 10,000 users over 60 s
      | stage           | users | millis |
      | single-threaded | 10000 | 60000  |
    @Slow @Full @ThreadPerRequest
    Examples: full, 10,000 users over 60 s
      | stage              | users | millis |
      | thread-per-request | 10000 | 60000  |
    @Slow @Full @ThreadPool
    Examples: full, 10,000 users over 60 s
      | stage       | users | millis |
      | thread-pool | 10000 | 60000  |
    @Slow @Full @VirtualThreads
    Examples: full, 10,000 users over 60 s
      | stage   | users | millis |
      | virtual | 10000 | 60000  |
    @Slow @Full @VirtualThreadsCached
    Examples: full, 10,000 users over 60 s
      | stage          | users | millis |
      | virtual-cached | 10000 | 60000  |

  @PerformanceSummary @Slow @HttpData
  Scenario: Rank the data suite by p99 latency of the open-model ramp
    In an open model the schedule, not the server, fixes how long a run takes, so elapsed time ranks nothing: the
    ranking is by p99 latency (lower is better), with p50, p90, p95, max and the error rate beside it.
    When the HTTP data summaries are ranked
    Then the ranking lists every stage by p99 latency, lowest first, under a header that says so
    And the ranking is written as ranking.md and ranking.csv in the suite's folder

  @Performance @HttpSweep @ClientVirtual
  Scenario Outline: sweep: <stage> stage, the 50 KB page at <connections> connections, keep-alive <keepAlive>
    A fixed amount of work per level; with keep-alive off every request opens its own connection (ab without -k).
    Failed requests (a bounded stage may time some out at 200 connections) are counted and shown, not fatal.
    Given the HTTP sweep suite sends <requests> requests to "/files/index.html" over <connections> connections with keep-alive <keepAlive>, counting failed requests
    When the <stage> stage is measured against the virtual client
    Then its summary is saved in the suite's folder and every request of every measured iteration was answered or counted as an error

    @Slow @SingleThreaded
    Examples: quick, 10 and 50 connections (keep-alive off at 50 only), 2,000 requests
      | stage           | connections | keepAlive | requests |
      | single-threaded | 10          | on        | 2000     |
      | single-threaded | 50          | on        | 2000     |
      | single-threaded | 50          | off       | 2000     |
    @Slow @ThreadPerRequest
    Examples: quick, 10 and 50 connections (keep-alive off at 50 only), 2,000 requests
      | stage              | connections | keepAlive | requests |
      | thread-per-request | 10          | on        | 2000     |
      | thread-per-request | 50          | on        | 2000     |
      | thread-per-request | 50          | off       | 2000     |
    @Slow @ThreadPool
    Examples: quick, 10 and 50 connections (keep-alive off at 50 only), 2,000 requests
      | stage       | connections | keepAlive | requests |
      | thread-pool | 10          | on        | 2000     |
      | thread-pool | 50          | on        | 2000     |
      | thread-pool | 50          | off       | 2000     |
    @Slow @VirtualThreads
    Examples: quick, 10 and 50 connections (keep-alive off at 50 only), 2,000 requests
      | stage   | connections | keepAlive | requests |
      | virtual | 10          | on        | 2000     |
      | virtual | 50          | on        | 2000     |
      | virtual | 50          | off       | 2000     |
    @Slow @VirtualThreadsCached
    Examples: quick, 10 and 50 connections (keep-alive off at 50 only), 2,000 requests
      | stage          | connections | keepAlive | requests |
      | virtual-cached | 10          | on        | 2000     |
      | virtual-cached | 50          | on        | 2000     |
      | virtual-cached | 50          | off       | 2000     |
    @Slow @Full @SingleThreaded
    Examples: full, 1, 10, 50 and 200 connections, 10,000 requests
      | stage           | connections | keepAlive | requests |
      | single-threaded | 1           | on        | 10000    |
      | single-threaded | 1           | off       | 10000    |
      | single-threaded | 10          | on        | 10000    |
      | single-threaded | 10          | off       | 10000    |
      | single-threaded | 50          | on        | 10000    |
      | single-threaded | 50          | off       | 10000    |
      | single-threaded | 200         | on        | 10000    |
      | single-threaded | 200         | off       | 10000    |
    @Slow @Full @ThreadPerRequest
    Examples: full, 1, 10, 50 and 200 connections, 10,000 requests
      | stage              | connections | keepAlive | requests |
      | thread-per-request | 1           | on        | 10000    |
      | thread-per-request | 1           | off       | 10000    |
      | thread-per-request | 10          | on        | 10000    |
      | thread-per-request | 10          | off       | 10000    |
      | thread-per-request | 50          | on        | 10000    |
      | thread-per-request | 50          | off       | 10000    |
      | thread-per-request | 200         | on        | 10000    |
      | thread-per-request | 200         | off       | 10000    |
    @Slow @Full @ThreadPool
    Examples: full, 1, 10, 50 and 200 connections, 10,000 requests
      | stage       | connections | keepAlive | requests |
      | thread-pool | 1           | on        | 10000    |
      | thread-pool | 1           | off       | 10000    |
      | thread-pool | 10          | on        | 10000    |
      | thread-pool | 10          | off       | 10000    |
      | thread-pool | 50          | on        | 10000    |
      | thread-pool | 50          | off       | 10000    |
      | thread-pool | 200         | on        | 10000    |
      | thread-pool | 200         | off       | 10000    |
    @Slow @Full @VirtualThreads
    Examples: full, 1, 10, 50 and 200 connections, 10,000 requests
      | stage   | connections | keepAlive | requests |
      | virtual | 1           | on        | 10000    |
      | virtual | 1           | off       | 10000    |
      | virtual | 10          | on        | 10000    |
      | virtual | 10          | off       | 10000    |
      | virtual | 50          | on        | 10000    |
      | virtual | 50          | off       | 10000    |
      | virtual | 200         | on        | 10000    |
      | virtual | 200         | off       | 10000    |
    @Slow @Full @VirtualThreadsCached
    Examples: full, 1, 10, 50 and 200 connections, 10,000 requests
      | stage          | connections | keepAlive | requests |
      | virtual-cached | 1           | on        | 10000    |
      | virtual-cached | 1           | off       | 10000    |
      | virtual-cached | 10          | on        | 10000    |
      | virtual-cached | 10          | off       | 10000    |
      | virtual-cached | 50          | on        | 10000    |
      | virtual-cached | 50          | off       | 10000    |
      | virtual-cached | 200         | on        | 10000    |
      | virtual-cached | 200         | off       | 10000    |

  @PerformanceSummary @Slow @HttpSweep
  Scenario: Rank the sweep: one table per concurrency level and keep-alive setting
    Each table ranks the stages at one level by throughput (highest first) and shows their p99 beside it.
    When the HTTP sweep summaries are ranked
    Then the ranking shows one table per level, each listing every stage with its throughput and p99
    And the ranking is written as ranking.md and ranking.csv in the suite's folder

  @Performance @HttpFanout @ClientVirtual
  Scenario Outline: fanout: <stage> stage, <path> at 100 connections
    The Spring Boot experiment: /fanout makes 3 sequential blocking calls to a downstream /io?ms=10, so a request
    holds its thread about 30 ms while the CPU is idle. The downstream is a fresh `serve --stage virtual` JVM started
    before the server, pinned with the client (CPU 1) so that it does not take the measured server's CPU; /io?ms=10
    blocks the serving thread directly, without a downstream. One connection per request, because the thread-pool
    stage holds a thread per connection: with keep-alive, 4 threads would serve 4 connections and starve the others.
    `thread-pool-4` is the thread-pool stage with 4 threads (THREAD_POOL_4), `thread-pool` has 100 (THREAD_POOL).
    Given the HTTP fanout suite sends <requests> requests to "<path>" over 100 connections, one connection per request
    When the <stage> stage is measured against the virtual client
    Then its summary is saved in the suite's folder and every measured iteration answered every request without error
    And the summary records the downstream JVM and where it ran, exactly when the path calls one

    @Slow @VirtualThreads
    Examples: quick, 100 requests (one per connection)
      | stage   | path                  | requests |
      | virtual | /fanout?calls=3&ms=10 | 100      |
      | virtual | /io?ms=10             | 100      |
    @Slow @ThreadPool
    Examples: quick, 100 requests (one per connection)
      | stage         | path                  | requests |
      | thread-pool-4 | /fanout?calls=3&ms=10 | 100      |
      | thread-pool-4 | /io?ms=10             | 100      |
    @Slow @ThreadPool
    Examples: quick, 100 requests (one per connection)
      | stage       | path                  | requests |
      | thread-pool | /fanout?calls=3&ms=10 | 100      |
      | thread-pool | /io?ms=10             | 100      |
    @Slow @Full @VirtualThreads
    Examples: full, 3,000 requests
      | stage   | path                  | requests |
      | virtual | /fanout?calls=3&ms=10 | 3000     |
      | virtual | /io?ms=10             | 3000     |
    @Slow @Full @ThreadPool
    Examples: full, 3,000 requests
      | stage         | path                  | requests |
      | thread-pool-4 | /fanout?calls=3&ms=10 | 3000     |
      | thread-pool-4 | /io?ms=10             | 3000     |
    @Slow @Full @ThreadPool
    Examples: full, 3,000 requests
      | stage       | path                  | requests |
      | thread-pool | /fanout?calls=3&ms=10 | 3000     |
      | thread-pool | /io?ms=10             | 3000     |

  @PerformanceSummary @Slow @HttpFanout
  Scenario: Rank the fanout suite: one ranking for /fanout and one for /io, fastest first
    When the HTTP fanout summaries are ranked
    Then the ranking lists every combination of each group fastest first, one [PERF][FINAL] line each
    And the ranking is written as ranking.md and ranking.csv in the suite's folder

  @Performance @HttpCpu @ClientVirtual
  Scenario Outline: cpu: <stage> stage, /cpu at <connections> keep-alive connections
    Pure computation (n rounds of integer mixing, about 1 ns each) on a server pinned to one CPU: no thread model can
    make it faster, and more threads only add switching. The ranking shows what it measures, not what we expect.
    Given the HTTP cpu suite sends <requests> requests to "/cpu?n=<rounds>" over <connections> keep-alive connections
    When the <stage> stage is measured against the virtual client
    Then its summary is saved in the suite's folder and every measured iteration answered every request without error

    @Slow @SingleThreaded
    Examples: quick, 50 connections only, 1,000 requests of 100,000 rounds
      | stage           | connections | rounds | requests |
      | single-threaded | 50          | 100000 | 1000     |
    @Slow @ThreadPerRequest
    Examples: quick, 50 connections only, 1,000 requests of 100,000 rounds
      | stage              | connections | rounds | requests |
      | thread-per-request | 50          | 100000 | 1000     |
    @Slow @ThreadPool
    Examples: quick, 50 connections only, 1,000 requests of 100,000 rounds
      | stage       | connections | rounds | requests |
      | thread-pool | 50          | 100000 | 1000     |
    @Slow @VirtualThreads
    Examples: quick, 50 connections only, 1,000 requests of 100,000 rounds
      | stage   | connections | rounds | requests |
      | virtual | 50          | 100000 | 1000     |
    @Slow @VirtualThreadsCached
    Examples: quick, 50 connections only, 1,000 requests of 100,000 rounds
      | stage          | connections | rounds | requests |
      | virtual-cached | 50          | 100000 | 1000     |
    @Slow @Full @SingleThreaded
    Examples: full, 5,000 requests of 1,000,000 rounds
      | stage           | connections | rounds  | requests |
      | single-threaded | 2           | 1000000 | 5000     |
      | single-threaded | 50          | 1000000 | 5000     |
    @Slow @Full @ThreadPerRequest
    Examples: full, 5,000 requests of 1,000,000 rounds
      | stage              | connections | rounds  | requests |
      | thread-per-request | 2           | 1000000 | 5000     |
      | thread-per-request | 50          | 1000000 | 5000     |
    @Slow @Full @ThreadPool
    Examples: full, 5,000 requests of 1,000,000 rounds
      | stage       | connections | rounds  | requests |
      | thread-pool | 2           | 1000000 | 5000     |
      | thread-pool | 50          | 1000000 | 5000     |
    @Slow @Full @VirtualThreads
    Examples: full, 5,000 requests of 1,000,000 rounds
      | stage   | connections | rounds  | requests |
      | virtual | 2           | 1000000 | 5000     |
      | virtual | 50          | 1000000 | 5000     |
    @Slow @Full @VirtualThreadsCached
    Examples: full, 5,000 requests of 1,000,000 rounds
      | stage          | connections | rounds  | requests |
      | virtual-cached | 2           | 1000000 | 5000     |
      | virtual-cached | 50          | 1000000 | 5000     |

  @PerformanceSummary @Slow @HttpCpu
  Scenario: Rank the cpu suite: one ranking per concurrency level, fastest first
    When the HTTP cpu summaries are ranked
    Then the ranking lists every combination of each group fastest first, one [PERF][FINAL] line each
    And the ranking is written as ranking.md and ranking.csv in the suite's folder
