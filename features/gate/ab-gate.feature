@Gate @Slow
Feature: A/B regression gate: this build against a baseline build, measured alternately in one run
  Users put this suite in CI to learn whether a change made a server slower. A figure measured on another machine or
  another day says little on a CI runner, so this gate measures a baseline build too, on the same machine, in the
  same run, forks of both builds alternating. For each combination it judges the ratio this build / baseline of the
  throughput and of the server's CPU time per operation, each with a 95% interval: worse than the tolerance with
  confidence fails the build, as does a lost, failed or corrupted message or request. Each verdict is one
  [PERF][GATE] line. How to choose the baseline, the tolerance, the verdicts and when to use this gate rather than
  the committed-baseline one: docs/regression-gate.md.

  Rule: No echo combination's throughput or server CPU per message is more than the tolerance worse than the baseline's
    The quick echo matrix. The single server answers one client after another, so at 2,500 messages per client one
    iteration lasts 15 s; its example sends 250 (about 1.5 s an iteration). The gate compares each combination
    with itself on the other build, never one model with another, so only both builds need the same workload.

    @Echo
    Scenario Outline: <server> echo server against <client> echo client, this build against the baseline
      When <clients> echo clients x <messages> messages x 32 bytes run the <server> server against the <client> client on both builds, forks alternating
      Then every measured iteration on both builds did all its work without an error
      And the throughput of this build is at most the tolerance below the baseline's
      And the server's CPU time per operation on this build is at most the tolerance above the baseline's

      # The echo suite's combinations (docs/echo-benchmarks.md): the single server and the event loops against the
      # virtual client only.
      Examples:
        | server     | client   | clients | messages |
        | single     | virtual  | 100     | 250      |
        | platform   | platform | 100     | 2500     |
        | platform   | virtual  | 100     | 2500     |
        | pool       | platform | 100     | 2500     |
        | pool       | virtual  | 100     | 2500     |
        | virtual    | platform | 100     | 2500     |
        | virtual    | virtual  | 100     | 2500     |
        | event-loop | virtual  | 100     | 2500     |
        | netty      | virtual  | 100     | 2500     |

  Rule: No HTTP ping combination's throughput or server CPU per request is more than the tolerance worse than the baseline's
    The quick ping suite: 200,000 requests to /ping over 10 keep-alive connections, every model against both clients.

    @Http @HttpPing
    Scenario Outline: <server> against the <client> client on /ping, this build against the baseline
      When the HTTP ping suite's 200000 requests to "/ping" over 10 keep-alive connections run "<server>" against the <client> client on both builds, forks alternating
      Then every measured iteration on both builds did all its work without an error
      And the throughput of this build is at most the tolerance below the baseline's
      And the server's CPU time per operation on this build is at most the tolerance above the baseline's

      Examples:
        | server                  | client   |
        | single                  | platform |
        | single                  | virtual  |
        | platform                | platform |
        | platform                | virtual  |
        | pool                    | platform |
        | pool                    | virtual  |
        | virtual                 | platform |
        | virtual                 | virtual  |
        | virtual --cache-content | platform |
        | virtual --cache-content | virtual  |
        | event-loop              | platform |
        | event-loop              | virtual  |
        | netty                   | platform |
        | netty                   | virtual  |
