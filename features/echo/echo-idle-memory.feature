@Echo @Performance
Feature: Memory per idle connection of every echo server model
  The claim to check: a platform thread costs its stack (hundreds of KiB to MiB of memory), a virtual thread a few KiB
  of heap. Each model runs in a fresh server JVM (same flags and pinning as the benchmarks). The test opens connections
  that send nothing, waits until the server counts them, and reads the server's memory after a full collection. The
  figures are printed as [PERF][IDLE] lines and saved under target-results/echo-idle/; they are measured, not
  asserted, beyond the connections really being held and the server staying alive.
  The single model accepts one connection and serves it until it closes, so the others wait in the kernel's accept
  queue, which the kernel bounds (net.core.somaxconn, often 4096): that model is measured with 4,000 connections.

  Scenario Outline: the <server> echo server holding <first> and then <second> idle connections
    Given a fresh <server> echo server JVM with no connection
    When <first> idle connections are held open to it
    Then the server counts <first open> of them open and is still running
    And its memory per connection is printed and saved
    When <second> idle connections are held open to it
    Then the server counts <second open> of them open and is still running
    And its memory per connection is printed and saved

    Examples:
      | server     | first | first open | second | second open |
      | single     | 1000  | 1          | 4000   | 1           |
      | platform   | 1000  | 1000       | 5000   | 5000        |
      # pool (100 threads; the other connections wait in its queue)
      | pool       | 1000  | 1000       | 5000   | 5000        |
      | virtual    | 1000  | 1000       | 5000   | 5000        |
      | event-loop | 1000  | 1000       | 5000   | 5000        |
      | netty      | 1000  | 1000       | 5000   | 5000        |

  @ServerVirtual
  Scenario: the virtual echo server holding 10,000 connections that have each echoed one byte
    A connection that has spoken once has used its read buffer, which a connection that never sent has not: this is
    what an idle connection costs on a server that has been in use. Every echo model reads into a buffer that starts
    at 512 bytes and grows only when a read fills it, so a quiet connection keeps little; the aim is at most 8 KiB of
    RSS per connection. Saved as VIRTUAL_SERVER_AFTER_ONE_ECHO, apart from the never-spoken figures above.
    Given a fresh virtual echo server JVM with no connection, its figures saved as AFTER_ONE_ECHO
    When 10000 connections each echo one byte and are then held open to it
    Then the server counts 10000 of them open and is still running
    And its memory per connection is printed and saved
