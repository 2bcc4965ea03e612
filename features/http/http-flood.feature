@Http @Reliability @Flood @Slow
Feature: The HTTP server under a flood of 10,000 connections, and the framework rows beside it at 5,000
  10,000 clients connect at the same moment and each asks for GET /ping once. Each model handles the flood
  according to its documented policy:

    virtual   - a new virtual thread per connection: all 10,000 connections are held open and served at
                once, with a handful of platform threads
    platform  - a new platform thread per connection: all 10,000 are held and served at once, with one
                platform thread (and its stack) per connection
    pool      - 100 platform threads; accepted connections wait in a queue of up to 10,000 for a free
                thread (beyond that a connection gets 503), so each client closes once it is answered
    single    - one thread serves one connection after another; the others wait in the listen backlog
                (the kernel caps it at net.core.somaxconn) and clients beyond it retry their connect

  Every model runs in a fresh server JVM (the harness's heap, GC and CPU pinning) started with
  --idle-timeout 3m, so that held connections outlive the flood. Before the flood the server serves 20
  connections one after another (which starts the threads a server creates on its first connections) and is measured after a full GC:
  platform threads, open file descriptors (/proc/PID/fd), heap and RSS. The clients run on virtual threads in the
  test JVM, at most 500 connecting at a time, every connect and read with a timeout, the whole flood bounded to
  150 seconds. Afterwards the server must come back to its baseline, measured the same way, within 2 threads, 4 file
  descriptors and 16 MiB of heap. The margins cover what the JDK creates once under load and keeps: on the virtual
  model one more platform thread and 3 more epoll descriptors (the JDK's I/O pollers) appear during the first flood
  and stay the same over repeated floods, so they are not a leak. The figures (connections
  held, peak threads, file descriptors, RSS and heap before, peak and after, memory per connection) go to
  target-results/reliability.md.

  @ServerVirtual
  Scenario: the virtual model holds 10,000 connections at once and serves a request on each
    Given a fresh virtual HTTP server JVM, warmed up and measured at rest
    When 10000 connections open at once, each is served one request, and all stay open until every one is served
    Then all 10000 connections were served correctly
    And the server held all 10000 connections open at once
    And the server's platform threads grew by at most 12 during the flood
    And within 60 seconds after the flood the server is back to its baseline: threads within 2, file descriptors within 4, heap after a GC within 16 MiB
    And the server JVM is still running
    And the server wrote no exception or stack trace to its error output

  @ServerEventLoop
  Scenario: the event-loop model holds 10,000 connections at once on its loops and serves a request on each
    Given a fresh event-loop HTTP server JVM, warmed up and measured at rest
    When 10000 connections open at once, each is served one request, and all stay open until every one is served
    Then all 10000 connections were served correctly
    And the server held all 10000 connections open at once
    And the server's platform threads grew by at most 12 during the flood
    And within 60 seconds after the flood the server is back to its baseline: threads within 2, file descriptors within 4, heap after a GC within 16 MiB
    And the server JVM is still running
    And the server wrote no exception or stack trace to its error output

  @ServerPlatform
  Scenario: the platform model holds 10,000 connections with one platform thread each
    Given a fresh platform HTTP server JVM, warmed up and measured at rest
    When 10000 connections open at once, each is served one request, and all stay open until every one is served
    Then all 10000 connections were served correctly
    And the server held all 10000 connections open at once
    And the server's platform threads grew by at most 10012 during the flood
    And within 60 seconds after the flood the server is back to its baseline: threads within 2, file descriptors within 4, heap after a GC within 16 MiB
    And the server JVM is still running
    And the server wrote no exception or stack trace to its error output

  @ServerPool
  Scenario: the pool model queues 10,000 connections for its 100 threads
    Given a fresh pool HTTP server JVM, warmed up and measured at rest
    When 10000 connections open at once, and each is served one request and then closes
    Then all 10000 connections were served correctly
    And the server's platform threads grew by at most 12 during the flood
    And within 60 seconds after the flood the server is back to its baseline: threads within 2, file descriptors within 4, heap after a GC within 16 MiB
    And the server JVM is still running
    And the server wrote no exception or stack trace to its error output

  @ServerSingle
  Scenario: the single model serves 10,000 connections one after another
    Given a fresh single HTTP server JVM, warmed up and measured at rest
    When 10000 connections open at once, and each is served one request and then closes
    Then all 10000 connections were served correctly
    And the server's platform threads grew by at most 12 during the flood
    And within 60 seconds after the flood the server is back to its baseline: threads within 2, file descriptors within 4, heap after a GC within 16 MiB
    And the server JVM is still running
    And the server wrote no exception or stack trace to its error output

  @ServerVirtual
  Scenario: the virtual model, allowed only 1,000 open files, serves a flood of 3,000 connections as files free up
    With its open-files limit lowered to 1,000 (prlimit), the server cannot accept every connection at once: an
    accept fails with "too many open files", the accept loop pauses briefly and tries again, and the connections it
    cannot take yet wait in the listen backlog. Each client closes once it is answered, which frees a file.

    Given a fresh virtual HTTP server JVM, warmed up and measured at rest
    And the server JVM may open at most 1000 files
    When 3000 connections open at once, and each is served one request and then closes
    Then all 3000 connections were served correctly
    And within 60 seconds after the flood the server is back to its baseline: threads within 2, file descriptors within 4, heap after a GC within 16 MiB
    And the server JVM is still running
    And the server wrote no exception or stack trace to its error output

  @ServerEventLoop
  Scenario: the event-loop model, allowed only 1,000 open files, serves a flood of 3,000 connections as files free up
    The event loop's acceptor is the same accept loop as the blocking models': an accept that fails with "too many
    open files" pauses briefly and tries again, the connections not taken yet wait in the listen backlog, and each
    client closes once it is answered, which frees a file for the next.

    Given a fresh event-loop HTTP server JVM, warmed up and measured at rest
    And the server JVM may open at most 1000 files
    When 3000 connections open at once, and each is served one request and then closes
    Then all 3000 connections were served correctly
    And within 60 seconds after the flood the server is back to its baseline: threads within 2, file descriptors within 4, heap after a GC within 16 MiB
    And the server JVM is still running
    And the server wrote no exception or stack trace to its error output

  Rule: the framework rows hold 5,000 connections beside the arena's virtual and event-loop models
    What a held connection costs each framework, in threads and memory, beside the arena's models at the same count
    (docs/frameworks.md, "Flooding the framework rows"). Each row (spring-boot-virtual, spring-boot-platform, helidon,
    jetty-virtual, jetty-queued) runs its framework with its own defaults, in a fresh JVM on its module's class path,
    started with --idle-timeout 3m as the models are (Tomcat's keep-alive timeout, Jetty's connector idle timeout,
    Helidon's idle connection timeout), so that no connection is closed while the others connect. A module that is
    not built skips its row with one line naming the command that builds it.

    5,000 connections, not the models' 10,000: Tomcat's connector accepts at most 8,192 connections by default
    (maxConnections; the others wait unserved in the listen backlog), so 10,000 held connections are beyond
    Spring Boot's defaults; 5,000 fits every row's defaults with room to spare, and the arena's virtual and
    event-loop models run at the same 5,000 so that memory per connection is compared at equal count.

    The flood, the warm-up, the baseline and the margins are those of the 10,000-connection floods above. That every
    connection is held at once is counted from outside: each connection the server holds is one open socket of its
    JVM (/proc/PID/fd), because Tomcat and Helidon give an application no count of its connections (the models' and Jetty's own counts are
    still recorded as "peak connections open on the server"). The figures of each row (connections held, peak
    platform threads, RSS and heap before, peak and after, RSS and heap per held connection) go to
    target-results/reliability.md.

    @Framework
    Scenario Outline: <server> holds 5,000 connections at once, each served a request, with a virtual thread or an event loop per connection
      Given a fresh <server> HTTP server JVM, warmed up and measured at rest
      When 5000 connections open at once, each is served one request, and all stay open until every one is served
      Then all 5000 connections were served correctly
      And the server JVM held all 5000 connections open at once, one socket each
      And the server's platform threads grew by at most 12 during the flood
      And within 60 seconds after the flood the server is back to its baseline: threads within 2, file descriptors within 4, heap after a GC within 16 MiB
      And the server JVM is still running
      And the server wrote no exception or stack trace to its error output

      # without server single, platform, pool: their 10,000-connection floods above show their own policies (a thread per connection, a queue, one at a time); this outline compares rows that hold every connection without a platform thread each
      # spring-boot-platform and jetty-queued are in the next outline: their pools keep the threads a flood started
      Examples:
        | server              |
        | virtual             |
        | event-loop          |
        | spring-boot-virtual |
        | helidon             |
        | jetty-virtual       |

    @Framework
    Scenario Outline: <server> holds 5,000 connections at once on its pool of 200 platform threads
      The connections wait for their next request in the framework's selector, not on a thread, so the pool of 200
      (Tomcat's threads.max, Jetty's QueuedThreadPool) serves all 5,000 and the platform threads grow by at most the
      pool plus the margin of the rows above. Their thread count after the flood is not checked: both pools keep an
      idle thread for 60 s by design (Tomcat's maxIdleTime, Jetty's idle timeout), as the arena's pool keeps its own,
      so within the 60 s the count need not return to the baseline.
      Given a fresh <server> HTTP server JVM, warmed up and measured at rest
      When 5000 connections open at once, each is served one request, and all stay open until every one is served
      Then all 5000 connections were served correctly
      And the server JVM held all 5000 connections open at once, one socket each
      And the server's platform threads grew by at most 212 during the flood
      And within 60 seconds after the flood the server is back to its baseline: file descriptors within 4, heap after a GC within 16 MiB
      And the server JVM is still running
      And the server wrote no exception or stack trace to its error output

      # without server single, platform, pool, virtual, event-loop: the arena's virtual and event-loop models run at 5,000 in the outline above, and every model floods at 10,000 above with its own policy
      Examples:
        | server               |
        | spring-boot-platform |
        | jetty-queued         |
