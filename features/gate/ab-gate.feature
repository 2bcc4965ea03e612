@Gate @Slow
Feature: A/B regression gate: this build against a baseline build, measured alternately in one run
  Users put this suite in CI to learn whether a change made a server slower. A figure measured on another machine or
  another day says little on a CI runner, so this gate measures the baseline too, on the same machine, in the same
  run. The baseline is a git ref (-Dloomarena.gate.baseline=main, a tag or a commit: checked out in a temporary git
  worktree and built with its own ./mvnw) or a folder with a released echo.jar and http-server.jar
  (-Dloomarena.gate.baselineJars=DIR); this build is the working tree, uncommitted changes included, built the same
  way. Each combination runs on both builds with the same settings and pinning, forks alternating (baseline, this
  build, this build, baseline, ...), each fork a fresh server JVM and a fresh client JVM of that build.
  The verdicts are on the ratio this/baseline of two figures of each combination, each with a 95% interval from a
  bootstrap over forks and then iterations: its throughput, and the server's CPU time per message or request over
  each measured iteration (a server that spends 10% more per message still keeps up with a client that sets the pace,
  and only its CPU time shows it). PASS when the whole interval is within the tolerance (default 5% worse,
  -Dloomarena.gate.tolerance=0.05), FAIL when the whole interval is beyond it, INCONCLUSIVE (a pass, printed with its
  interval) when it straddles it; either figure's FAIL fails the build. A lost, failed or corrupted message or request fails whatever the ratio. Each verdict is one
  [PERF][GATE] line; both builds' summaries and the verdicts go to target-results/ab-gate/, and report.html shows
  them side by side. docs/regression-gate.md says when to use this gate and when the committed-baseline one.

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
