@Echo
Feature: Echo servers return every byte unchanged
  An echo server (RFC 862) sends back every byte a client sends on a TCP connection, unchanged and in order, until
  the client closes. loom-arena has six echo servers that differ only in how they use threads:

    single     - one thread accepts connections and serves them one after another
    platform   - a new operating-system thread ("platform thread") for every connection
    pool       - a fixed pool of platform threads (100 unless told otherwise); extra connections wait for a free one
    virtual    - a new virtual thread for every connection
    event-loop - a few platform threads (one per CPU), each watching many connections and serving whichever is ready
    netty      - the same design built on the Netty library, as the industry uses it

  Each scenario runs once for every server model it applies to (one Examples row per model). An "echo
  client" here is either a plain TCP connection the test opens itself, or the project's echo load client (platform
  or virtual threads, one thread per session) when the scenario names its model.

  Background:
    Given echo servers listen on 127.0.0.1 on a free port, and a test read gives up after 5 seconds

  @Functional
  Scenario Outline: one message comes back unchanged from the <model> echo server
    Given a <model> echo server
    When one echo client sends "hello, echo" and reads the echo
    Then the echo client received every message unchanged

    Examples:
      | model      |
      | single     |
      | platform   |
      | pool       |
      | virtual    |
      | event-loop |
      | netty      |

  @Functional
  Scenario Outline: many messages on one connection come back in order from the <model> echo server
    Given a <model> echo server
    When one echo client sends 200 numbered messages on one connection, reading each echo
    Then the echo client received every message unchanged

    Examples:
      | model      |
      | single     |
      | platform   |
      | pool       |
      | virtual    |
      | event-loop |
      | netty      |

  @Functional @ClientVirtual
  Scenario Outline: 10 echo clients at once are all served by the <model> echo server
    Given a <model> echo server
    When 10 virtual echo clients each send 20 messages of 64 bytes at once
    Then the echo client run echoed 200 messages without any error

    Examples:
      | model      |
      | single     |
      | platform   |
      | pool       |
      | virtual    |
      | event-loop |
      | netty      |

  @Functional
  Scenario Outline: a zero-length write changes nothing on the <model> echo server
    Given a <model> echo server
    When one echo client writes zero bytes and then sends "after nothing"
    Then the echo client received every message unchanged

    Examples:
      | model      |
      | single     |
      | platform   |
      | pool       |
      | virtual    |
      | event-loop |
      | netty      |

  @Functional
  Scenario Outline: whitespace and multi-byte UTF-8 come back byte for byte from the <model> echo server
    Given a <model> echo server
    When one echo client sends each of these texts and reads the echo:
      | " "                        |
      | "\t tab and trailing space " |
      | "line\r\nbreaks\n"          |
      | "é ü ß"                    |
      | "日本語のテキスト"            |
      | "emoji 😀🎉 and 𝄞"          |
    Then the echo client received every message unchanged

    Examples:
      | model      |
      | single     |
      | platform   |
      | pool       |
      | virtual    |
      | event-loop |
      | netty      |

  @Functional
  Scenario Outline: the <model> echo server serves connections on <kind> threads
    Given a <model> echo server
    When one echo client sends "which thread?" and reads the echo
    Then the echo server serves that connection on a <kind> thread

    Examples:
      | model      | kind     |
      | single     | platform |
      | platform   | platform |
      | pool       | platform |
      | virtual    | virtual  |
      | event-loop | platform |
      | netty      | platform |

  @EdgeCase
  Scenario Outline: 1 MiB of random binary in random pieces comes back with the same SHA-256 from the <model> echo server
    Given a <model> echo server
    When one echo client streams 1024 KiB of random binary in random pieces of up to 64 KiB
    Then the echo has the same length and SHA-256 as what was sent

    Examples:
      | model      |
      | single     |
      | platform   |
      | pool       |
      | virtual    |
      | event-loop |
      | netty      |

  @EdgeCase
  Scenario Outline: after a half-close the <model> echo server returns everything and then ends the stream
    Given a <model> echo server
    When one echo client streams 256 KiB of random binary in random pieces of up to 16 KiB and then half-closes
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

  @EdgeCase
  Scenario Outline: a client that resets its connection leaves the other clients of the <model> echo server unharmed
    Given a <model> echo server
    And another echo client is connected and was echoed "before"
    And the echo server's active connection count is noted
    When one echo client sends 64 KiB and resets its connection mid-stream
    Then the echo server's active connection count returns to the noted value
    And the other echo client still gets "after the reset" echoed

    # without server single: the next scenario, as it serves one client at a time: the reset client lets the next one in
    Examples:
      | model      |
      | platform   |
      | pool       |
      | virtual    |
      | event-loop |
      | netty      |

  @EdgeCase @ServerSingle
  Scenario: a client that resets its connection on the single echo server lets the next client in
    Given a single echo server
    And the echo server's active connection count is noted
    When one echo client sends 64 KiB and resets its connection mid-stream
    Then the echo server's active connection count returns to the noted value
    And another echo client gets "after the reset" echoed

  @EdgeCase
  Scenario Outline: a client that never reads does not block the other clients of the <model> echo server
    Given a <model> echo server
    When an echo client writes without ever reading until its writes stall
    Then another echo client still gets "not blocked" echoed

    # without server single: it blocks behind a client that never reads, by design: the next scenario
    Examples:
      | model      |
      | platform   |
      | pool       |
      | virtual    |
      | event-loop |
      | netty      |

  @EdgeCase @ServerSingle
  Scenario: the single echo server blocks behind a client that never reads, as expected (head-of-line blocking)
    Given a single echo server
    When an echo client writes without ever reading until its writes stall
    And another echo client sends "waiting in line"
    Then the waiting echo client gets no echo for 1 second
    When the non-reading echo client disconnects
    Then the waiting echo client gets "waiting in line" echoed

  @EdgeCase
  Scenario Outline: stopping the <model> echo server with clients connected ends their streams promptly
    Given a <model> echo server
    And 3 echo clients are connected and each was echoed one message
    When the echo server is stopped
    Then every connected echo client sees end of stream or a reset within 5 seconds
    And the echo server stopped within 5 seconds and left no thread running

    # without server single: it has one client served and two waiting: the next scenario
    Examples:
      | model      |
      | platform   |
      | pool       |
      | virtual    |
      | event-loop |
      | netty      |

  @EdgeCase @ServerSingle
  Scenario: stopping the single echo server with clients connected ends their streams promptly
    Given a single echo server
    And 1 echo clients are connected and each was echoed one message
    And 2 more echo clients are connected and wait in line
    When the echo server is stopped
    Then every connected echo client sees end of stream or a reset within 5 seconds
    And the echo server stopped within 5 seconds and left no thread running

  @EdgeCase
  Scenario Outline: starting an echo server on a port already in use is a clear error
    Given a <model> echo server
    When the echo command line starts a <model> echo server on the same port
    Then the echo command exits with code 2 and prints one line containing "in use"

    Examples:
      | model      |
      | single     |
      | platform   |
      | pool       |
      | virtual    |
      | event-loop |
      | netty      |

  @HighLoad
  Scenario Outline: 100 <client> echo clients x 100 messages against the <model> echo server, no mismatch
    Given a <model> echo server
    When 100 <client> echo clients each send 100 messages of 32 bytes at once
    Then the echo client run echoed 10000 messages without any error

    Examples:
      | model      | client   |
      | single     | platform |
      | single     | virtual  |
      | platform   | platform |
      | platform   | virtual  |
      | pool       | platform |
      | pool       | virtual  |
      | virtual    | platform |
      | event-loop | platform |
      | netty      | platform |
      | virtual    | virtual  |
      | event-loop | virtual  |
      | netty      | virtual  |

  @HighLoad
  Scenario Outline: the <model> echo server holds 1,000 connections at once and echoes on each
    Given a <model> echo server
    When 1000 echo clients connect and hold their connections
    Then the echo server's active connection count reaches 1000
    When every held echo client sends its own 32-byte message
    Then every held echo client received its own message unchanged

    # without server single, pool: they serve one, or 100, connections at a time, so 1,000 held connections would wait; the next scenario runs a pool with more clients than threads
    Examples:
      | model      |
      | platform   |
      | virtual    |
      | event-loop |
      | netty      |

  @HighLoad @ServerPool @ClientVirtual
  Scenario: the pool echo server with more clients than threads completes every session
    Given a pool echo server with 4 threads
    When 40 virtual echo clients each send 50 messages of 32 bytes at once
    Then the echo client run echoed 2000 messages without any error
