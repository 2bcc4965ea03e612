@Http @Functional
Feature: The HTTP server gives the same answers in every thread model
  The same HTTP/1.1 server runs in every thread model it implements, single, platform, pool, virtual and event-loop,
  and virtual also with cached content (`--cache-content`). Parser, router and response writer are shared; only the thread model differs,
  so every model must answer every endpoint the same way, over java.net.http.HttpClient as over raw sockets. Each
  example starts a fresh server inside this JVM on a free port, with a 1 s header timeout and a 1 s downstream
  allowance.

  Scenario Outline: every endpoint answers on <server>
    Given the HTTP server runs "<server>"
    When an HTTP client gets each of these paths
      | path                | status | content type                             | body contains                     |
      | /                   | 200    | text/plain; charset=utf-8                | GET /ping                         |
      | /ping               | 200    | text/plain; charset=utf-8                | pong                              |
      | /data.json          | 200    | application/json                         | "id":1000,                        |
      | /files/index.html   | 200    | text/html; charset=utf-8                 | <!DOCTYPE html>                   |
      | /files/style.css    | 200    | text/css; charset=utf-8                  | font-family                       |
      | /files/app.js       | 200    | text/javascript; charset=utf-8           | addEventListener                  |
      | /files/logo.svg     | 200    | image/svg+xml                            | <svg                              |
      | /files/notes.txt    | 200    | text/plain; charset=utf-8                | Plain text                        |
      | /io?ms=20           | 200    | text/plain; charset=utf-8                | io 20 ms                          |
      | /cpu?n=100000       | 200    | text/plain; charset=utf-8                | cpu n=100000                      |
      | /metrics            | 200    | text/plain; version=0.0.4; charset=utf-8 | loomarena_http_active_connections |
      | /nowhere            | 404    | text/plain; charset=utf-8                | no resource /nowhere              |
      | /files/missing.html | 404    | text/plain; charset=utf-8                | no file missing.html              |
      | /io?ms=abc          | 400    | text/plain; charset=utf-8                | query parameter 'ms'              |
      | /io?ms=60001        | 400    | text/plain; charset=utf-8                | 'ms' must be an integer 0..60000  |
      | /io                 | 400    | text/plain; charset=utf-8                | missing query parameter 'ms'      |
      | /cpu?n=-1           | 400    | text/plain; charset=utf-8                | query parameter 'n'               |
      | /fanout?calls=0&ms=1| 400    | text/plain; charset=utf-8                | query parameter 'calls'           |
    Then each HTTP response has its row's status, content type and body
    And every HTTP response carries Date, Server, Content-Type and a Content-Length equal to its body length
    And the HTTP body of "/data.json" is a JSON array of 1000 user records
    And the HTTP body of "/files/index.html" is the bundled page of about 50 KB

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: /fanout makes K sequential downstream calls on <server>
    The default downstream is the server's own /io. A single server cannot answer its own downstream call
    while it is busy with the /fanout request that makes it, so the call times out: that is the lesson of the model.
    Given the HTTP server runs "<server>"
    When an HTTP client gets "/fanout?calls=3&ms=10"
    Then the HTTP response status is <status>
    And the HTTP response body contains "<body contains>"

    Examples:
      | server                  | status | body contains           |
      | single                  | 504    | timed out after 1010 ms |
      | platform                | 200    | [200,200,200]           |
      | pool                    | 200    | [200,200,200]           |
      | virtual                 | 200    | [200,200,200]           |
      | virtual --cache-content | 200    | [200,200,200]           |
      | event-loop              | 200    | [200,200,200]           |

  Scenario Outline: two requests share one kept-alive connection on <server>
    Given the HTTP server runs "<server>"
    And an HTTP connection is open
    When the HTTP connection requests "/ping" and reads the response
    And the HTTP connection requests "/files/notes.txt" and reads the response
    Then the HTTP connection got 2 responses with statuses "200,200" and bodies "pong|Plain text served with text/plain.\n"
    And no HTTP response on the connection said "Connection: close"
    And the HTTP server accepted 1 connection

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: three pipelined requests in one write are answered in order on <server>
    The first request is the slowest, so answering out of order would show.
    Given the HTTP server runs "<server>"
    And an HTTP connection is open
    When the HTTP connection pipelines GET requests of "/io?ms=50, /ping, /files/notes.txt" in one write and half-closes
    And the HTTP connection reads 3 responses
    Then the HTTP connection got 3 responses with statuses "200,200,200" and bodies "io 50 ms\n|pong|Plain text served with text/plain.\n"
    And the HTTP connection is closed by the server

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: HEAD answers with GET's fields and no body on <server>
    Given the HTTP server runs "<server>"
    When HEAD and GET requests for each of these paths are pipelined on one HTTP connection
      | path              |
      | /ping             |
      | /data.json        |
      | /files/index.html |
      | /io?ms=1          |
      | /cpu?n=10         |
      | /nowhere          |
      | /io?ms=x          |
    Then each HTTP HEAD response has the status, Content-Type and Content-Length of its GET and no body

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: the connection's persistence follows the version and the Connection field on <server>
    Each request goes on its own connection, which is closed after its row is checked.
    Given the HTTP server runs "<server>"
    When each of these requests is sent on its own HTTP connection
      | request                                                      | connection field | after                |
      | GET /ping HTTP/1.0\r\n\r\n                                   | close            | closed by the server |
      | GET /ping HTTP/1.0\r\nConnection: keep-alive\r\n\r\n         | keep-alive       | kept open            |
      | GET /ping HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n   | close            | closed by the server |
      | GET /ping HTTP/1.1\r\nHost: t\r\n\r\n                        | (none)           | kept open            |
    Then each HTTP connection was answered 200 with its row's Connection field and then closed or kept open as its row says

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Rule: graceful shutdown answers what is in flight

    Scenario Outline: shutdown with requests in flight on <server>
      A single server has at most one request in progress; the others would still wait in the accept
      backlog, which closes with the listener, so it is tried with the one it can hold.
      Given the HTTP server runs "<server>"
      And <requests> HTTP requests to "/io?ms=700" are in progress
      When the HTTP server shuts down gracefully with a grace period of 10 s
      Then all <requests> in-flight HTTP requests were answered 200 with "Connection: close"
      And the HTTP server stopped within the grace period
      And new HTTP connections to the server are refused

      Examples:
        | server                  | requests |
        | single                  | 1        |
        | platform                | 50       |
        | pool                    | 50       |
        | virtual                 | 50       |
        | virtual --cache-content | 50       |
        | event-loop              | 50       |

  Rule: the staircase, as behaviour

    Scenario Outline: how many requests <server> has in progress at once
      Every client connects first, then all send "/io?ms=200" together; the server's in-progress gauge shows how many
      it works on at the same time: a thread per connection (platform or virtual) takes them all, the pool of 100
      takes 100 and queues the rest, the single thread takes one.
      Given the HTTP server runs "<server>"
      When <clients> HTTP clients connect and then send "/io?ms=200" together
      Then all <clients> HTTP clients are answered 200
      And the HTTP server had at most <peak> requests in progress at once, and at some moment exactly <peak>

      Examples:
        | server                  | clients | peak |
        | single                  | 5       | 1    |
        | platform                | 200     | 200  |
        | pool                    | 200     | 100  |
        | virtual                 | 200     | 200  |
        | virtual --cache-content | 200     | 200  |
        | event-loop              | 200     | 200  |

    Scenario Outline: a second client waits while the first holds its keep-alive connection on <server>
      Given the HTTP server runs "<server>"
      And a first HTTP client holds a kept-alive connection after one request
      When a second HTTP client requests "/ping"
      Then the second HTTP client <outcome> while the first one holds its connection
      And the second HTTP client is answered 200 once the first HTTP client closes

      Examples:
        | server                  | outcome          |
        | single                  | gets no response |
        | platform                | is answered      |
        | pool                    | is answered      |
        | virtual                 | is answered      |
        | virtual --cache-content | is answered      |
        | event-loop              | is answered      |

  Rule: /metrics counts the server's virtual threads, which the JVM's own thread counts leave out

    Scenario Outline: the virtual-thread gauge follows the open connections on <server>
      Each connection of a virtual model is served by a virtual thread of its own while it stays open; a platform
      model has none. The request that reads /metrics runs on a thread too, so the gauge is compared with what it
      read before the clients connected.
      Given the HTTP server runs "<server>"
      And the HTTP server's virtual-thread gauge is noted from "/metrics"
      When 20 HTTP clients each get "/ping" and keep their connections open
      Then the virtual-thread gauge in "/metrics" reads <more> more than noted
      When those HTTP clients close their connections
      Then the virtual-thread gauge in "/metrics" returns to the noted value within 5 s

      # without server single, pool: platform stands for the models on platform threads: none starts a virtual thread
      Examples:
        | server                  | more |
        | platform                | 0    |
        | virtual                 | 20   |
        | virtual --cache-content | 20   |
        | event-loop              | 0    |

  Rule: the server process stops gracefully on SIGTERM

    @ServerVirtual
    Scenario: SIGTERM lets the request in flight finish, then the process exits with status 0
      The server runs as its own process, started as a user starts it (serve --model virtual --port 0). Like nginx,
      it treats a graceful stop as a normal end: exit status 0, not the JVM's 143 (128 + SIGTERM).
      Given the HTTP server process runs "virtual"
      And a request to "/io?ms=2000" is in progress on the HTTP server process
      When the HTTP server process receives SIGTERM
      Then the in-flight request was answered 200 with "Connection: close"
      And the HTTP server process exited with status 0

    @ServerNetty
    Scenario: the netty reference (/ping and /data.json only, measured in the ping suite) also exits 0 on SIGTERM
      serve --model netty is Netty's own HTTP server, not a model of this one: it runs none of this feature's other
      scenarios (docs/http-server.md, "The netty reference"), but it stops as every server does.
      Given the HTTP server process runs "netty"
      When the HTTP server process receives SIGTERM
      Then the HTTP server process exited with status 0
