@Remote @Slow
Feature: Server and load clients on different hosts, started over OpenSSH
  On one machine the load client and the server share the CPUs, the kernel and the loopback device. Across hosts,
  the server JVM (and a suite's downstream) runs on one host and one client JVM on each client host, all started with
  ssh, with the same JVM flags and the same pinning rules as on one machine (server on the host's first CPU, clients
  on their host's second), and the jars copied into a temporary folder on each host that is removed afterwards.
  The fixed work is split across the client hosts; every client is told to start each iteration at the same moment;
  the summary adds their operations over the longest client's time and merges their latency from the HdrHistogram
  interval logs they write. Each summary records every host with its CPUs, JDK, kernel and clock offset, and the
  errors each client host saw.
  Before anything is measured every host is checked: an unreachable host, a refused login, a host without a java 21
  or newer and a clock too far from this machine's are each named with the host, and nothing is started. (The
  namespaces share this machine's clock, so the clock check is proven by unit tests, not here.)
  A user runs any suite across real hosts with -Dloomarena.serverHost=[user@]host and
  -Dloomarena.clientHosts=[user@]h1,[user@]h2 (docs/remote.md). These scenarios prove it on one machine: three network
  namespaces joined by veth links, each running its own sshd with a key made for the test, the server in the first
  and a client in each of the two others. They need root and iproute2's ip (skipped with the reason otherwise) and
  install openssh-server when it is missing. Only addresses the test assigns inside the namespaces it created are used;
  namespaces, keys and processes are removed at the end, also when a scenario fails. The summaries go to
  target-results/remote/, apart from the one-machine results.

  Background:
    Given three hosts made of network namespaces on this machine, each running sshd with a key made for this test

  Scenario: The quick echo matrix with the server on the first host and a client on each of the two others
    When the quick echo matrix runs with the server on the first host and clients on the two other hosts
    Then every summary records the three hosts with their CPUs, JDK, kernel and clock offset
    And every combination split its clients between the two client hosts, and every message of every measured iteration was answered
    And the echo matrix measured across the hosts is ranked fastest first
    And no JVM of the run is left on any host and the run's folders there are gone

  Scenario: The quick HTTP ping suite with the server on the first host and a client on each of the two others
    When the quick HTTP ping suite runs with the server on the first host and clients on the two other hosts
    Then every summary records the three hosts with their CPUs, JDK, kernel and clock offset
    And every combination split its requests between the two client hosts, and every request of every measured iteration was answered
    And the HTTP ping suite measured across the hosts is ranked fastest first
    And no JVM of the run is left on any host and the run's folders there are gone

  Scenario: A harness killed outright leaves no JVM running on any host
    Every JVM the harness starts on a host stops when its ssh session ends, which is what happens when the harness
    dies: nothing of the run keeps running there. (Its temporary folders stay, since no clean-up ran; the test
    removes them.)
    When a harness in a JVM of its own is measuring an echo combination across the hosts and is killed with SIGKILL
    Then within 30 seconds no JVM of its run is left on any host

  Scenario Outline: A host that cannot be used is named before anything starts: <problem>
    When the hosts are prepared with <problem>
    Then preparing fails before any JVM starts, with a message that names the host and says "<message>"
    And no JVM of the run is left on any host and the run's folders there are gone

    Examples:
      | problem                                        | message                |
      | a client host at an address where nothing runs | cannot reach the host  |
      | a key that the hosts do not accept             | login failed           |
      | a java older than 21 named as the remote java  | no java 21 or newer    |
      | a jar folder that the hosts do not have        | the jars are not there |
