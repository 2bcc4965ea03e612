@Http @EdgeCase
Feature: The HTTP server refuses bad input, slow clients and broken peers, in every thread model
  Malformed or ambiguous requests get their status and, when the framing cannot be trusted, "Connection: close"
  and a closed connection with no second response; slow clients are closed after the header timeout (1 s here);
  clients that vanish leave nothing behind. Requests are written on raw sockets so that anything can be sent.
  In request texts, \r \n \t \0 are control characters and {x*N} is x repeated N times.

  Scenario Outline: each error status on <server>
    Given the HTTP server runs "<server>"
    When each of these requests is sent on its own HTTP connection and the response read
      | request                                                                                                 | status | connection | body contains                |
      | GET /nowhere HTTP/1.1\r\nHost: t\r\n\r\n                                                              | 404    | kept open  | no resource /nowhere         |
      | POST /ping HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nhi                                          | 405    | kept open  | allowed: GET, HEAD, OPTIONS  |
      | FOO /ping HTTP/1.1\r\nHost: t\r\n\r\n                                                                 | 501    | closed     | method FOO                   |
      | GET /ping HTTP/2.0\r\nHost: t\r\n\r\n                                                                 | 505    | closed     | HTTP/1.1                     |
      | GET /ping HTTP/1.11\r\nHost: t\r\n\r\n                                                                | 400    | closed     | HTTP version                 |
      | GET /ping HTTP/1.1\r\n\r\n                                                                            | 400    | closed     | without a Host               |
      | GET /ping HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n                                                      | 400    | closed     | more than one Host           |
      | GET /p\0ng HTTP/1.1\r\nHost: t\r\n\r\n                                                               | 400    | closed     | forbidden character          |
      | GET /ping HTTP/1.1\r\nHost : t\r\n\r\n                                                                | 400    | closed     | whitespace                   |
      | GET /ping HTTP/1.1\r\nHost: t\r\nX-A: 1\r\n folded\r\n\r\n                                            | 400    | closed     | folding                      |
      | GET /ping HTTP/1.1\r\nHost: t\r\nX-A: a\rb\r\n\r\n                                                   | 400    | closed     | control character            |
      | GET /ping HTTP/1.1\r\nHost: t\r\nBad=Header: 1\r\n\r\n                                                | 400    | closed     | forbidden character          |
      | POST /ping HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nContent-Length: 4\r\n\r\nbody                    | 400    | closed     | more than one Content-Length |
      | POST /ping HTTP/1.1\r\nHost: t\r\nContent-Length: +5\r\n\r\nhello                                       | 400    | closed     | Content-Length               |
      | POST /ping HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip\r\n\r\n                                       | 501    | closed     | gzip                         |
      | POST /ping HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n                                      | 400    | closed     | HTTP/1.0                     |
      | POST /ping HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n                                | 400    | closed     | chunk size                   |
      | POST /ping HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n8cccccccccccccccc\r\n                 | 400    | closed     | chunk size                   |
      | GET /{a*9000} HTTP/1.1\r\nHost: t\r\n\r\n                                                              | 414    | closed     | request line longer          |
      | GET /ping HTTP/1.1\r\nHost: t\r\nX-Big: {v*9000}\r\n\r\n                                              | 431    | closed     | header section larger        |
      | GET /ping HTTP/1.1\r\nHost: t\r\n{X-F: v\r\n*101}\r\n                                                   | 431    | closed     | more than 100 header fields  |
      | POST /ping HTTP/1.1\r\nHost: t\r\nContent-Length: 2000000\r\n\r\n                                       | 413    | closed     | body larger                  |
      | GET /io?ms=1&ms=2 HTTP/1.1\r\nHost: t\r\n\r\n                                                          | 400    | kept open  | 'ms' given more than once    |
      | GET /ping HTTP/1.1\r\nHost: t\r\nExpect: teapot\r\n\r\n                                                 | 417    | closed     | 100-continue                 |
    Then each HTTP response has its row's status, body and connection handling
    And every HTTP response carries Date, Server, Content-Type and a Content-Length equal to its body length
    And every 405 HTTP response names the allowed methods in an Allow field

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: a request smuggled behind Content-Length and Transfer-Encoding is never served on <server>
    Given the HTTP server runs "<server>"
    And an HTTP connection is open
    When the HTTP connection sends these requests in one write, each line ended by CRLF:
      """
      POST /ping HTTP/1.1
      Host: t
      Content-Length: 4
      Transfer-Encoding: chunked

      0

      GET /metrics HTTP/1.1
      Host: t
      """
    And the HTTP connection reads 1 response
    Then the HTTP response on the connection has status 400 and Connection "close"
    And the HTTP connection is closed by the server with no second response
    And the HTTP server still answers "/ping" with 200

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: no way out of the docroot on <server>
    A file sits next to the docroot; no spelling of a path reaches it.
    Given the HTTP server runs "<server>" with a docroot that has a secret file beside it
    When each of these paths is requested on its own HTTP connection
      | path                                  |
      | /files/../secret.txt                  |
      | /files/%2e%2e/secret.txt              |
      | /files/..%2fsecret.txt                |
      | /files/%2e%2e%2fsecret.txt            |
      | /files/..%5csecret.txt                |
      | /files/sub/../../secret.txt           |
      | /files//secret.txt                    |
      | /files/%2e%2e/%2e%2e/etc/passwd       |
      | /files/..%2f..%2fetc/passwd           |
      | /files/x%00.html                      |
      | /files/%zz                            |
      | /files/.hidden                        |
      | /files/index.html/../../secret.txt    |
      | http://t/files/../secret.txt          |
    Then every HTTP response to them is 400 or 404 and none contains the secret

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: a slow client is closed after the header timeout while another client is served on <server>
    A single server serves the other client once the slow one has been closed.
    Given the HTTP server runs "<server>"
    And a slow HTTP client has sent the start of a request for "/ping" and stalls
    When another HTTP client requests "/ping" on a new connection
    Then the other HTTP client is answered 200 within 5 s
    And the slow HTTP client got a 408 response and was closed within 5 s

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: a client that connects and sends nothing is closed after the header timeout on <server>
    Given the HTTP server runs "<server>"
    When an HTTP client connects and sends nothing
    Then the silent HTTP client got a 408 response and was closed within 5 s
    And the HTTP server still answers "/ping" with 200

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: 64 KiB of random bytes get an error or a close, quickly, on <server>
    Given the HTTP server runs "<server>"
    When an HTTP client sends 64 KiB of random bytes on a new connection
    Then that HTTP connection got a 4xx response or was closed within 5 s
    And the HTTP server still answers "/ping" with 200

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: clients vanishing mid-request and mid-response leave nothing behind on <server>
    Observed through /metrics: the open connections and the serving threads go back to their baseline.
    Given the HTTP server runs "<server>"
    And the HTTP server's connection and handler counts are noted from "/metrics"
    When an HTTP client resets its connection after sending half a request
    And an HTTP client with a tiny receive window resets its connection after reading 100 bytes of "/data.json"
    Then the HTTP server's connection and handler counts in "/metrics" return to the noted baseline within 5 s
    And the HTTP server still answers "/ping" with 200

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: /fanout reports a failing downstream as 502 and a silent one as 504 on <server>
    Given the HTTP server runs "<server>" with a downstream that refuses connections
    When an HTTP client gets "/fanout?calls=2&ms=5"
    Then the HTTP response status is 502
    And the HTTP response body contains "downstream call 1 of 2"
    Given the HTTP server runs "<server>" with a downstream that accepts and never answers
    When an HTTP client gets "/fanout?calls=2&ms=5"
    Then the HTTP response status is 504
    And the HTTP response body contains "timed out after 1005 ms"

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  @Semantics
  Scenario Outline: validators, conditional requests, ranges, CONNECT and strict chunked framing on <server>
    RFC 9110 sections 13 and 14 on static content (304, 206, 416, 412), section 9.3.6 (CONNECT is refused, its
    target never taken for a path), RFC 9112 section 7.1 (only CRLF ends a chunk-size line: a bare LF is a 400).
    Given the HTTP server runs "<server>"
    When each of these requests is sent on its own HTTP connection and the response read
      | request                                                                                                    | status | connection | body contains         |
      | GET /files/index.html HTTP/1.1\r\nHost: t\r\nIf-None-Match: *\r\n\r\n                                     | 304    | kept open  |                       |
      | GET /data.json HTTP/1.1\r\nHost: t\r\nIf-Modified-Since: Fri, 31 Dec 2100 23:59:59 GMT\r\n\r\n             | 304    | kept open  |                       |
      | GET /files/index.html HTTP/1.1\r\nHost: t\r\nRange: bytes=0-8\r\n\r\n                                     | 206    | kept open  | <!DOCTYPE             |
      | GET /files/index.html HTTP/1.1\r\nHost: t\r\nRange: bytes=-0\r\n\r\n                                      | 416    | kept open  | range not satisfiable |
      | GET /data.json HTTP/1.1\r\nHost: t\r\nIf-Match: "nope"\r\n\r\n                                            | 412    | kept open  | precondition failed   |
      | CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n                                              | 501    | closed     | CONNECT               |
      | POST /ping HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\nhello\r\n0\r\n\r\n                  | 400    | closed     | CRLF                  |
    Then each HTTP response has its row's status, body and connection handling
    And every 304 and 206 HTTP response carries ETag and Last-Modified, and every 206 and 416 a Content-Range

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |
