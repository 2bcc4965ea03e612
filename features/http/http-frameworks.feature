@Http @Framework @Slow
Feature: Framework rows give the arena's answers, stop as its servers do, and reproduce seed 004 beside its models
  A framework row is a framework started with one of its thread models (docs/http-benchmarks.md, "Framework rows"):
  spring-boot-virtual and spring-boot-platform (Spring Boot on Tomcat, virtual threads on or its platform pool),
  helidon (Helidon SE 4, a virtual thread per request), jetty-virtual and jetty-queued (Jetty 12's VirtualThreadPool
  and QueuedThreadPool). Each runs in its own JVM on its module's class path (target/classpath.txt, written by
  `./mvnw -q -pl http-server/frameworks/<module> -am compile`), started as the arena's server is (`serve --threads T
  --port 0`, first line `listening on HOST:PORT`, stats on stdin, SIGTERM). A module that is not built skips its rows'
  scenarios with one line naming the row and that command (a framework that is built and does not start fails). Every scenario is @Framework and @Slow, so the default build never
  starts a framework; -Dcucumber.filter.tags='@Framework' runs them all, '@FrameworkJetty' one framework's.

  What http.feature checks that these scenarios leave out, and why:
  - /files/ (static files, ranges, conditional requests on files), /cpu and the index page at /: the frameworks serve
    the arena's measured endpoints only (/ping, /data.json, /io, /fanout, /db, /metrics), not its file server.
  - the Date, Server and Content-Length fields of every response and a Content-Type spelled exactly as the arena's:
    each framework writes its own (Tomcat sends no Server field, and may frame a body in chunks); the status, the
    media type and the body are the contract, checked below.
  - the Connection field by version: Tomcat names keep-alive on HTTP/1.1 answers, which the arena leaves implicit.
  - a request pipelined after a 400 on the same connection (the HEAD scenario's /io?ms=x): Tomcat closes a connection
    after a 400 (as after 408, 411, 413, 414, 500, 501 and 503), the arena keeps it; the 400 itself is checked above.
  - the arena's counters (connections accepted, requests in progress, handlers, the virtual-thread gauge), the
    pool's queueing order and graceful shutdown through the in-process server: a framework keeps none of them, so its
    stop is checked on its process (SIGTERM) and its leaks on its JVM's threads and open files.
  - /db: the database suite's (http-db.feature), with the PostgreSQL the harness starts.

  @Functional
  Scenario Outline: every measured endpoint answers as the arena's on <server>
    Given the HTTP server runs "<server>"
    When an HTTP client gets each of these paths
      | path                 | status | content type     | body contains                    |
      | /ping                | 200    | text/plain       | pong                             |
      | /data.json           | 200    | application/json | "id":1000,                       |
      | /io?ms=20            | 200    | text/plain       | io 20 ms                         |
      | /metrics             | 200    | text/plain       | http_server_requests_seconds     |
      | /nowhere             | 404    | text/plain       | no resource /nowhere             |
      | /io?ms=abc           | 400    | text/plain       | query parameter 'ms'             |
      | /io?ms=60001         | 400    | text/plain       | 'ms' must be an integer 0..60000 |
      | /io                  | 400    | text/plain       | missing query parameter 'ms'     |
      | /fanout?calls=0&ms=1 | 400    | text/plain       | query parameter 'calls'          |
    Then each HTTP response has its row's status, media type and body
    And the HTTP body of "/data.json" is a JSON array of 1000 user records

    # without server single, platform, pool, virtual, event-loop: the arena's models run this in http.feature or http-reliability.feature; this outline is the framework rows'
    Examples:
      | server               |
      | spring-boot-virtual  |
      | spring-boot-platform |
      | helidon              |
      | jetty-virtual        |
      | jetty-queued         |

  @Functional
  Scenario Outline: /fanout makes K sequential downstream calls on <server>
    The default downstream is the server's own /io, as on the arena's server.
    Given the HTTP server runs "<server>"
    When an HTTP client gets "/fanout?calls=3&ms=10"
    Then the HTTP response status is 200
    And the HTTP response body contains "[200,200,200]"

    # without server single, platform, pool, virtual, event-loop: the arena's models run this in http.feature or http-reliability.feature; this outline is the framework rows'
    Examples:
      | server               |
      | spring-boot-virtual  |
      | spring-boot-platform |
      | helidon              |
      | jetty-virtual        |
      | jetty-queued         |

  @Functional
  Scenario Outline: two requests share one kept-alive connection on <server>
    Given the HTTP server runs "<server>"
    And an HTTP connection is open
    When the HTTP connection requests "/ping" and reads the response
    And the HTTP connection requests "/io?ms=1" and reads the response
    Then the HTTP connection got 2 responses with statuses "200,200" and bodies "pong|io 1 ms\n"
    And no HTTP response on the connection said "Connection: close"

    # without server single, platform, pool, virtual, event-loop: the arena's models run this in http.feature or http-reliability.feature; this outline is the framework rows'
    Examples:
      | server               |
      | spring-boot-virtual  |
      | spring-boot-platform |
      | helidon              |
      | jetty-virtual        |
      | jetty-queued         |

  @Functional
  Scenario Outline: three pipelined requests in one write are answered in order on <server>
    The first request is the slowest, so answering out of order would show.
    Given the HTTP server runs "<server>"
    And an HTTP connection is open
    When the HTTP connection pipelines GET requests of "/io?ms=50, /ping, /io?ms=1" in one write and half-closes
    And the HTTP connection reads 3 responses
    Then the HTTP connection got 3 responses with statuses "200,200,200" and bodies "io 50 ms\n|pong|io 1 ms\n"
    And the HTTP connection is closed by the server

    # without server single, platform, pool, virtual, event-loop: the arena's models run this in http.feature or http-reliability.feature; this outline is the framework rows'
    Examples:
      | server               |
      | spring-boot-virtual  |
      | spring-boot-platform |
      | helidon              |
      | jetty-virtual        |
      | jetty-queued         |

  @Functional
  Scenario Outline: HEAD answers with GET's fields and no body on <server>
    Given the HTTP server runs "<server>"
    When HEAD and GET requests for each of these paths are pipelined on one HTTP connection
      | path       |
      | /ping      |
      | /data.json |
      | /io?ms=1   |
      | /nowhere   |
    Then each HTTP HEAD response has the status, Content-Type and Content-Length of its GET and no body

    # without server single, platform, pool, virtual, event-loop: the arena's models run this in http.feature or http-reliability.feature; this outline is the framework rows'
    Examples:
      | server               |
      | spring-boot-virtual  |
      | spring-boot-platform |
      | helidon              |
      | jetty-virtual        |
      | jetty-queued         |

  @Reliability
  Scenario Outline: SIGTERM lets the request in flight finish, then <server> exits with status 0
    A framework stops gracefully as the arena's server does (contract of every framework's serve).
    Given the HTTP server process runs "<server>"
    And a request to "/io?ms=2000" was sent to the server JVM before a "/ping" on another connection was answered
    When the HTTP server process receives SIGTERM
    Then the in-flight request was answered 200
    And the HTTP server process exited with status 0
    And new HTTP connections to the server JVM are refused

    # without server single, platform, pool, virtual, event-loop: the arena's models run this in http.feature or http-reliability.feature; this outline is the framework rows'
    Examples:
      | server               |
      | spring-boot-virtual  |
      | spring-boot-platform |
      | helidon              |
      | jetty-virtual        |
      | jetty-queued         |

  @Reliability
  Scenario Outline: clients that vanish mid-request and mid-response leave <server> as it was
    A client that resets its connection (SO_LINGER 0) while sending its request, or while a 200 KiB answer is still
    being written to its tiny receive window: the framework's thread ends and its socket closes, whatever the thread
    model.
    Given the HTTP server process runs "<server>"
    And the server JVM's threads and open files are noted after one client of each kind
    When 20 HTTP clients reset their connections after sending half a request
    And 20 HTTP clients with a tiny receive window reset their connections after reading 1000 bytes of "/data.json"
    Then the server JVM's threads return to at most 4 more than noted and its open files to the noted count, within 10 s
    And the server JVM answers "/ping" with 200

    # without server single, platform, pool, virtual, event-loop: the arena's models run this in http.feature or http-reliability.feature; this outline is the framework rows'
    # jetty-queued is left out: its QueuedThreadPool starts threads as requests come and keeps them idle for 60 s by design (as the arena's pool keeps its own), so its thread count after the clients is not the count before
    Examples:
      | server               |
      | spring-boot-virtual  |
      | spring-boot-platform |
      | helidon              |
      | jetty-virtual        |

  @Performance @FrameworkSpringBoot
  Scenario: seed 004 reproduced: 3 downstream calls per request, virtual threads against a pool of 4, in Spring Boot and in the arena
    Seed 004 is a Spring Boot application whose requests each make 3 sequential blocking HTTP calls, served on virtual
    threads and on a pool of 4 platform threads, read through Micrometer. Here the same workload (/fanout?calls=3&ms=10
    at the fan-out suite's 100 connections, one connection per request) runs against Spring Boot on virtual threads
    and on a Tomcat pool of 4, and against the arena's virtual and pool-of-4 models, one after another in one run, each
    in a fresh JVM with a fresh downstream (the fan-out suite's), a warmup run, then a measured one. After it, each
    server's /metrics is read as the seed read Micrometer's: requests on /fanout and their mean time
    (http_server_requests_seconds by uri), JVM live and peak threads; the arena's /metrics gives its requests (every
    path) and its threads, and keeps no time per path. One [PERF][SIDE-BY-SIDE] line per server. These are figures of
    one run on this machine, not a ranking: the fanout suite ranks the same rows with intervals.
    When these servers get 3000 requests of "/fanout?calls=3&ms=10" each over 100 connections, one connection per request, side by side in one run:
      | server                             |
      | virtual                            |
      | pool --pool-size 4                 |
      | spring-boot-virtual                |
      | spring-boot-platform --pool-size 4 |
    Then every server printed its throughput, p99 and the /metrics figures, each framework naming its version
