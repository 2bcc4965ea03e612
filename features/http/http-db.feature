@Http @Database @Slow
Feature: The database endpoint: a real PostgreSQL behind the server's pool of connections
  Real services wait mostly on a database, through a pool of connections, and the trap users ask about most is there:
  a thousand virtual threads queue on a pool of 10 connections, which becomes the ceiling, invisibly. /db?ms=N has the
  database sleep N ms (no CPU) through the server's pool; /db?rows=N reads N rows of a seeded table.
  Every scenario runs against a PostgreSQL the harness starts itself from the machine's binaries: a throwaway cluster
  on a temporary folder and a free loopback port, seeded with the 10,000 rows /db?rows=N reads, removed after the
  scenario (and also when the harness itself is killed). Where no PostgreSQL binaries exist, each scenario is skipped
  with one line saying what to install. All of them take minutes, so the default build leaves them out (@Slow): run
  them with -Dcucumber.filter.tags='@Database'. How to read them: docs/database.md.

  @Performance @KnownAnswer
  Scenario Outline: the pool's ceiling: <server> on /db?ms=20 with a pool of <pool> connections
    A pool of 10 connections, each held 20 ms by a query, cannot serve more than 10 / 20 ms = 500 requests a second,
    whatever the thread model in front of it: the search must find its knee there (the ranking below checks it within
    10%). A pool of 100 lifts that ceiling to 5,000 a second, which a 2-CPU machine may not reach: the ranking asks
    that the knee moved up at least 2 times, or up to the machine's own limit. One connection per request, as the
    other known answers, so that a pool of threads serves every request in turn. Above the ceiling the queue grows by
    the excess every second: at 5% over (525 a second) the last requests of a 5 s window wait 250 ms more than the
    first, past the objective. About 3 minutes per row.
    Given a PostgreSQL started by the harness, seeded with 10000 rows
    And a capacity search of "/db?ms=20" over 1000 connections, one connection per request
    And the latency objective "p99 <= 250 ms and no errors over a 5 s window"
    And the rate starts at 100 req/s, grows 2 times while the objective holds, then is bisected to 5%, up to 6400 req/s, for at most 15 minutes per combination
    When the capacity of "<server>" against the virtual client is searched with a database pool of <pool>
    Then every step is kept in the combination's capacity summary, and the search found a sustained rate

    # without server single: it serves one connection at a time, so its own ceiling is 1 / 20 ms = 50 requests a second
    @ClientVirtual
    Examples: a pool of 10 connections
      | server     | pool |
      | platform   | 10   |
      | pool       | 10   |
      | virtual    | 10   |
      | event-loop | 10   |

    @ClientVirtual
    Examples: a pool of 100 connections
      | server     | pool |
      | platform   | 100  |
      | pool       | 100  |
      | virtual    | 100  |
      | event-loop | 100  |

    @ClientVirtual @Framework
    Examples: the frameworks, pools of 10 and 100 connections
      | server               | pool |
      | spring-boot-virtual  | 10   |
      | spring-boot-platform | 10   |
      | helidon              | 10   |
      | jetty-virtual        | 10   |
      | jetty-queued         | 10   |
      | spring-boot-virtual  | 100  |
      | spring-boot-platform | 100  |
      | helidon              | 100  |
      | jetty-virtual        | 100  |
      | jetty-queued         | 100  |

  @PerformanceSummary @KnownAnswer
  Scenario: Rank the database searches: the pool's ceiling for every server, and the pool of 100 past it
    When the capacity summaries are ranked
    Then on "/db?ms=20" the knee of every server with a database pool of 10 is within 10% of 10 connections each holding a request 20 ms
    And on "/db?ms=20" a database pool of 100 moves the knee of every server searched with 10 up at least 2 times, or to the machine's own ceiling

  @Reliability
  Scenario Outline: a database slower than the query timeout: <server> fails clearly, and its pool and threads recover
    Every query sleeps 1 s in the database, against a query timeout of 200 ms: each is cancelled and answered 504, and
    its connection goes back to the pool. 100 requests a second ask more than 10 connections x 200 ms can hold (50 a
    second), so the rest wait for a connection and get 503 after the server's wait (5 s). No request may hang until
    the client gives up, and afterwards the pool serves /db again with no connection left in use, and the server's
    platform threads are back to their count before the load (give or take the JIT's own). About 20 s.
    Given a PostgreSQL started by the harness, seeded with 10000 rows
    When "<server>" with a pool of 10 and a 200 ms query timeout gets 100 requests a second of /db?ms=1000 for 5 seconds over 1000 connections
    Then every request failed with 504 or 503, none hung, and afterwards the pool serves again with no connection in use and no thread left over

    # without server single: it serves one connection at a time, so the load would queue in its accept backlog, not in the pool
    # without server pool: its 100 threads are started as requests come and kept by design, so its thread count after a load is not the count before
    Examples:
      | server     |
      | platform   |
      | virtual    |
      | event-loop |

  @Reliability
  Scenario Outline: the database killed mid-run: <server> answers 503 with a message, keeps serving /ping, and reconnects
    The harness kills the database (the server process and every backend, as a crash would) 4 s into a 15 s load
    and starts it again on the same port and data 4 s later. Meanwhile /db answers 503 naming the problem and /ping
    is still served; once the database is back the pool reconnects by itself and /db answers 200 again. The run's
    failures are reported by status, without a throughput: a run with errors measures its failures. Every server
    waits at most 1 s for a pool connection here (--db-wait 1s; the default is 5 s): a request waits that long for a
    connection the dead database cannot give, so at 5 s about 500 requests would wait at once, more than a bounded
    pool has threads (the pool model's 100, Tomcat's and Jetty's 200), and /ping would wait behind them for as long
    as the outage lasts (docs/database.md). About 25 s.
    Given a PostgreSQL started by the harness, seeded with 10000 rows
    When "<server>" gets 100 requests a second of /db?ms=20 for 15 seconds over 1000 connections, the database killed after 4 seconds and back 4 seconds later
    Then the requests failed with 503 only, /db answered 503 with a message and /ping was served while the database was down, the pool reconnected once it was back, and the run reported its errors by status

    # without server single: it serves one connection at a time, so /ping would wait behind the load's queue
    Examples:
      | server     |
      | platform   |
      | pool       |
      | virtual    |
      | event-loop |

    @Framework
    Examples: the frameworks
      | server               |
      | spring-boot-virtual  |
      | spring-boot-platform |
      | helidon              |
      | jetty-virtual        |
      | jetty-queued         |

  @Jvm
  Scenario Outline: pinning on /db on JDK <jdk>: what JFR records inside pgjdbc and HikariCP
    Does the driver or the pool pin a virtual thread to its carrier while it waits, and does JEP 491 (JDK 24: a
    virtual thread blocking inside synchronized no longer pins) change it? The virtual model's server runs on the JDK
    with every jdk.VirtualThreadPinned event recorded, with its stack; the harness counts the events and those with a
    frame in pgjdbc or HikariCP, and prints them. It is the question, so it is printed, not judged. The JDK 21 comes
    from bench/install-jdk21.sh; without it that row is skipped with one line naming the command. About 20 s a row.
    Given a PostgreSQL started by the harness, seeded with 10000 rows
    When the virtual model's server runs on JDK <jdk> with every pinned virtual thread recorded, under 200 requests a second of /db?ms=5 and then of /db?rows=100, 5 seconds each
    Then every request was answered, and the pinned events with their frames in pgjdbc and HikariCP are printed

    Examples:
      | jdk |
      | 21  |
      | 25  |
