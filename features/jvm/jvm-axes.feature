@Jvm @Slow
Feature: The server's JVM and its flags as axes of every suite
  Any suite can run on several JVMs (-Dloomarena.jvms=jdk21=/path/to/java,jdk25=/path/to/java) and with several named
  flag sets (-Dloomarena.flagSets='default=;poller1=-Djdk.pollerMode=1'): every combination is measured once per
  cell, JVM x flag set, the cells interleaved fork by fork. The axes apply to the server under test only: the clients
  (and the fan-out suite's downstream) stay on the default JVM and flags, so that the yardstick does not move between
  cells. Each cell is ranked alone, its combinations named with the cell after an @, and the report sets the cells
  side by side. This scenario sets its own axes and sizes, whatever the run's, and keeps its results apart, in
  target-results/jvm-axes/. The JDK 21 comes from bench/install-jdk21.sh; without it the scenario is skipped with one
  line naming that command. Tagged @Slow: twelve forks of three fresh JVMs each take about a minute.
  How and why: docs/jvm.md.

  Scenario: the fan-out suite on JDK 21 and JDK 25, each without and with -Djdk.pollerMode=1
    Given the server JVMs jdk21, the JDK 21 the project installs, and jdk25, the java running the tests
    And the flag sets default, with no flags, and poller1, with "-Djdk.pollerMode=1"
    And one fork of one warmup iteration and one measured iteration
    And every combination of the HTTP fanout suite sends 100 requests to "/fanout?calls=3&ms=10" over 100 connections, one connection per request
    When they are measured in every cell
    Then each cell's summaries record the server's JVM version, vendor and flags, and the clients on the default JVM
    When the HTTP fanout summaries are ranked
    Then there is one ranking per cell, whose [PERF][FINAL] lines name the cell after each combination
    And the report shows the grid of every combination x JVM x flag set, each with its interval
