@Echo @Reliability
Feature: Echo servers stay correct under garbage, silence, resets, floods and a stop
  The echo servers (single, platform, pool, virtual, event-loop, netty; see echo.feature) must return every byte exactly, whatever
  the bytes are, and must survive clients that misbehave: clients that connect and say nothing, clients that
  half-close at once, clients that reset the connection while the server is writing to them, 10,000 clients at
  once, and a stop in the middle of a flood. What each model does with waiting clients is its documented policy:

    single   - one thread serves one connection after another; the others wait in the listen backlog. A client that
               connects and says nothing holds up every later client until it leaves (head-of-line blocking).
    platform - a new platform thread per connection, no limit: every client is served at once, at the cost of one
               platform thread (and its stack) per open connection.
    pool     - 100 platform threads (fewer where a scenario says so); accepted connections wait in a queue (at most
               --backlog, 10,000 by default) until a thread is free, and a connection beyond the queue is closed at
               once. A thread serves one connection until it closes, so as many silent clients as threads hold up
               every later client.
    virtual  - a new virtual thread per connection: every client is served at once, with a handful of platform threads.
    event-loop, netty - one platform thread per CPU, each serving many connections: every client is served at once.
               A connection holds at most 16 KiB that its client has not read back; beyond that the server stops
               reading it until the client reads, so a client that never reads stalls only itself.

  No echo server closes a silent connection by itself: there is no idle timeout, a silent client costs its thread
  (virtual or platform; on an event loop, its socket and a small buffer) until it speaks or leaves.

  Unless a scenario says otherwise the server runs inside the test JVM. Figures (bytes, connections, losses, threads,
  memory) go to target-results/reliability.md.

  Background:
    Given echo servers listen on 127.0.0.1 on a free port, and a test read gives up after 5 seconds

  Scenario Outline: every byte value and 8 MiB of random binary come back byte for byte from the <model> echo server
    Given a <model> echo server
    When one echo client sends every byte value from 0 to 255, 16 times over, and reads the echo
    Then the echo client received every message unchanged
    When one echo client streams 8192 KiB of random binary in random pieces of up to 64 KiB and then half-closes
    Then the echo has the same length and SHA-256 as what was sent
    And the echo client then sees end of stream

    Examples:
      | model      |
      | single     |
      | platform   |
      | pool       |
      | virtual    |
      | event-loop |
      | netty      |

  Scenario Outline: clients that connect and say nothing do not block the other clients of the <model> echo server
    Given a <model> echo server
    When 50 echo clients connect and hold their connections
    Then another echo client still gets "not blocked by silence" echoed
    And the echo server's active connection count reaches 51
    And every silent echo client is still connected and has received nothing
    When every silent echo client half-closes
    Then every silent echo client sees end of stream within 5 seconds
    And the echo server's active connection count reaches 1

    # without server single: one silent client holds its only thread, so the others wait by design (echo.feature, head-of-line blocking)
    # without server pool: 50 silent clients fit in its 100 threads; the next scenario fills a pool of 4 and shows its queue
    Examples:
      | model      |
      | platform   |
      | virtual    |
      | event-loop |
      | netty      |

  @ServerPool
  Scenario: on a pool echo server, as many silent clients as threads make later clients wait in the queue
    Given a pool echo server with 4 threads
    When 4 echo clients connect and hold their connections
    And another echo client sends "waiting in the queue"
    Then the waiting echo client gets no echo for 1 second
    And the echo server's active connection count reaches 5
    When one silent echo client leaves
    Then the waiting echo client gets "waiting in the queue" echoed

  @ServerPool
  Scenario: a pool echo server closes a connection that arrives when its queue is full
    The queue of accepted connections waiting for a pool thread holds as many connections as the listen backlog
    (--backlog). Echo has no way to say "busy", so a connection beyond the queue is closed at once.

    Given a pool echo server with 2 threads and a queue of 3 connections
    When 5 echo clients connect and hold their connections
    Then the echo server's active connection count reaches 5
    When one more echo client connects
    Then that echo client sees end of stream within 5 seconds
    And the echo server logged one warning that it closed a connection at once
    When every silent echo client half-closes
    Then every silent echo client sees end of stream within 5 seconds
    And the echo server's active connection count reaches 0

  @ServerSingle
  Scenario: on the single echo server, a silent client makes later clients wait until it leaves
    Given a single echo server
    When 1 echo clients connect and hold their connections
    And another echo client sends "waiting in the backlog"
    Then the waiting echo client gets no echo for 1 second
    When one silent echo client leaves
    Then the waiting echo client gets "waiting in the backlog" echoed

  Scenario Outline: clients that half-close at once get end of stream from the <model> echo server
    Given a <model> echo server
    And the echo server's active connection count is noted
    When 20 echo clients connect and half-close at once without sending anything
    Then every one of them sees end of stream, with no byte, within 5 seconds
    And the echo server's active connection count returns to the noted value
    And another echo client gets "after the half-closes" echoed

    Examples:
      | model      |
      | single     |
      | platform   |
      | pool       |
      | virtual    |
      | event-loop |
      | netty      |

  Scenario Outline: an echo client that resets while the <model> echo server writes to it ends only its own connection
    The server runs in its own JVM here, so that its stderr can be checked. The client sends up to 64 MiB without
    reading until the server's write to it is blocked (the client's receive window is full), then resets the
    connection (SO_LINGER 0): the server's blocked write fails.

    Given a fresh <model> echo server JVM, warmed up and measured at rest
    When an echo client writes without reading until the server's write to it blocks, and then resets the connection
    Then the echo server's open connections return to 0 and its threads to their baseline within 5 seconds
    And a new echo client gets "still serving" echoed by the server JVM
    And the server JVM is still running
    And the server wrote no exception or stack trace to its error output

    Examples:
      | model      |
      | single     |
      | platform   |
      | pool       |
      | virtual    |
      | event-loop |
      | netty      |

  Scenario Outline: stopping the <model> echo server during a flood of <clients> clients loses nothing that was acknowledged
    The clients each send numbered 64-byte messages and check each echo before sending the next. Once <messages>
    messages were echoed in total, the server is stopped. A message counts as acknowledged when its whole echo came
    back. Every byte that came back must be the byte that was sent; what was sent and never echoed is counted.

    Given a <model> echo server
    When <clients> echo clients keep sending messages, and the echo server is stopped once <messages> messages were echoed
    Then every echo client has ended within 10 seconds
    And every byte the echo clients received matches what they sent
    And the echo server stopped within 5 seconds and left no thread running

    Examples:
      | model      | clients | messages |
      | single     | 200     | 2000     |
      | platform   | 200     | 2000     |
      | pool       | 200     | 2000     |
      | virtual    | 200     | 2000     |
      | event-loop | 200     | 2000     |
      | netty      | 200     | 2000     |

    @Slow
    Examples: a larger flood
      | model    | clients | messages |
      | virtual  | 4000    | 40000    |
      | platform | 4000    | 40000    |

  @Flood @Slow
  Scenario Outline: the <model> echo server holds 10,000 connections at once and echoes a message on each
    The server runs in a fresh JVM (the harness's heap, GC and CPU pinning); the clients run on virtual threads in
    the test JVM, at most 500 connecting at a time, every connect and read with a timeout, the whole flood bounded
    to 150 seconds. Before the flood the server serves 20 connections one after another and is measured after a
    full GC: platform threads, open file descriptors (/proc/PID/fd), heap and RSS; afterwards it must come back to
    that baseline, within margins that cover what the JDK creates once under load and keeps (see http-flood.feature).

    Given a fresh <model> echo server JVM, warmed up and measured at rest
    When 10000 connections open at once, each is served one request, and all stay open until every one is served
    Then all 10000 connections were served correctly
    And the server held all 10000 connections open at once
    And the server's platform threads grew by at most <threads> during the flood
    And within 60 seconds after the flood the server is back to its baseline: threads within 2, file descriptors within 4, heap after a GC within 16 MiB
    And the server JVM is still running
    And the server wrote no exception or stack trace to its error output

    # without server single, pool: they serve one, or 100, connections at a time, so 10,000 are never served at once; the next outline floods them
    Examples:
      | model      | threads |
      # a handful of platform threads
      | virtual    | 12      |
      # its loops and no thread per connection
      | event-loop | 12      |
      # its loops and no thread per connection
      | netty      | 12      |
      # one platform thread per connection
      | platform   | 10012   |

  @Flood @Slow
  Scenario Outline: the <model> echo server serves a flood of 10,000 connections <how>
    Each client closes once its message is echoed: a bounded model serves a waiting client only when an earlier
    one has left.

    Given a fresh <model> echo server JVM, warmed up and measured at rest
    When 10000 connections open at once, and each is served one request and then closes
    Then all 10000 connections were served correctly
    And the server's platform threads grew by at most <threads> during the flood
    And within 60 seconds after the flood the server is back to its baseline: threads within 2, file descriptors within 4, heap after a GC within 16 MiB
    And the server JVM is still running
    And the server wrote no exception or stack trace to its error output

    # without server platform, virtual, event-loop, netty: they hold all 10,000 connections at once (the outline above)
    Examples:
      | model  | how                                          | threads |
      # 100 threads and a queue
      | pool   | with 100 threads, the others queued          | 112     |
      # one after another
      | single | one after another, the others in the backlog | 12      |

  @Flood @Slow @ServerVirtual
  Scenario: the virtual echo server, allowed only 1,000 open files, serves a flood of 3,000 connections as files free up
    With its open-files limit lowered to 1,000 (prlimit), the server cannot accept every connection of the flood at
    once: an accept fails with "too many open files", the accept loop pauses briefly and tries again, and the
    connections it cannot take yet wait in the listen backlog. Each client closes once its message is echoed, which
    frees a file for the next one. The server notes the failed accepts in at most one log line per 10 seconds, and
    a log line that cannot be written (it may need a file too) never stops the accept loop.

    Given a fresh virtual echo server JVM, warmed up and measured at rest
    And the server JVM may open at most 1000 files
    When 3000 connections open at once, and each is served one request and then closes
    Then all 3000 connections were served correctly
    And within 60 seconds after the flood the server is back to its baseline: threads within 2, file descriptors within 4, heap after a GC within 16 MiB
    And the server JVM is still running
    And the server wrote no exception or stack trace to its error output
