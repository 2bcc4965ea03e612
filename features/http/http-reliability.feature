@Http @Reliability
Feature: The HTTP server survives bad input, slow and vanishing clients, faults and shutdown, in every model
  First every case of the hardening list, answered as the most trusted servers answer it. The minimum list (docs/hardening.md: what Jetty, Netty, Tomcat, Helidon and nginx do with bad input, with the RFC 9112 and
  RFC 9110 rule behind each line) and the other RFC rules found missing from it, marked "x". The column "case" gives
  the line of the list. Each request is written on its own raw connection; every request that is refused has
  "GET /smuggled" written right behind it, in the same write, as an attacker would. A refused request gets its status,
  a body naming the problem, "Connection: close" and a closed connection, and nothing after it is ever answered: the
  server answered exactly one response per connection (read until the server closes, within 5 s). Afterwards the
  server still serves another client, and its log shows no uncaught exception and no stack trace.
  Then faults and load, several against a server in a JVM of its own (so that it can be sent SIGTERM and counts its
  own threads and open files): client resets, a failing downstream, a deleted data file, a client that never reads,
  graceful shutdown with requests in flight, and (@Slow) 500 slowloris clients.
  In request texts, \r \n \t \0 are control characters, \xHH is the byte HH, and {x*N} is x repeated N times.

  Scenario Outline: framing that cannot be trusted is refused, nothing smuggled is served on <server>
    Content-Length and Transfer-Encoding decide where the next request starts (RFC 9112 section 6); any doubt is a 400.
    Given the HTTP server runs "<server>"
    When each of these requests is sent on its own HTTP connection and the response read
      | case                                       | request                                                                                                                                              | status | connection | body contains                             |
      | 1 CL and TE together                       | POST /ping HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n          | 400    | closed     | both Content-Length and Transfer-Encoding |
      | 1 TE and CL together                       | POST /ping HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\nContent-Length: 40\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n         | 400    | closed     | both Content-Length and Transfer-Encoding |
      | 2 two equal CL                             | POST /ping HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nContent-Length: 4\r\n\r\nbodyGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                        | 400    | closed     | more than one Content-Length              |
      | 2 two different CL                         | POST /ping HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nContent-Length: 40\r\n\r\nbodyGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                       | 400    | closed     | more than one Content-Length              |
      | 2 CL list                                  | POST /ping HTTP/1.1\r\nHost: t\r\nContent-Length: 4, 4\r\n\r\nbodyGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                                          | 400    | closed     | Content-Length                            |
      | 3 CL abc                                   | POST /ping HTTP/1.1\r\nHost: t\r\nContent-Length: abc\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                                               | 400    | closed     | Content-Length is not a decimal number    |
      | 3 CL +5                                    | POST /ping HTTP/1.1\r\nHost: t\r\nContent-Length: +5\r\n\r\nhelloGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                                           | 400    | closed     | Content-Length is not a decimal number    |
      | 3 CL -1                                    | POST /ping HTTP/1.1\r\nHost: t\r\nContent-Length: -1\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                                                | 400    | closed     | Content-Length is not a decimal number    |
      | 3 CL 1.5                                   | POST /ping HTTP/1.1\r\nHost: t\r\nContent-Length: 1.5\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                                               | 400    | closed     | Content-Length is not a decimal number    |
      | 3 CL 0x10                                  | POST /ping HTTP/1.1\r\nHost: t\r\nContent-Length: 0x10\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                                              | 400    | closed     | Content-Length is not a decimal number    |
      | 3 CL of 20 digits                          | POST /ping HTTP/1.1\r\nHost: t\r\nContent-Length: 12345678901234567890\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                              | 400    | closed     | 1 to 18 decimal digits                    |
      | 3 CL empty                                 | POST /ping HTTP/1.1\r\nHost: t\r\nContent-Length: \r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                                                  | 400    | closed     | 1 to 18 decimal digits                    |
      | 4 TE gzip alone                            | POST /ping HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                                           | 501    | closed     | transfer coding gzip is not implemented   |
      | 4 TE chunked not last                      | POST /ping HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked, gzip\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                         | 400    | closed     | chunked must be the final transfer coding |
      | 4 TE chunked twice                         | POST /ping HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n | 400    | closed     | chunked exactly once                      |
      | 5 TE on HTTP/1.0                           | POST /ping HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                                          | 400    | closed     | not allowed on an HTTP/1.0 request        |
      | 6 chunk size zz                            | POST /ping HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                                  | 400    | closed     | chunk size is not a hex number            |
      | 6 chunk size overflows a long              | POST /ping HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n8cccccccccccccccc\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                   | 400    | closed     | chunk size too large                      |
      | 6 chunk data without CRLF                  | POST /ping HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhiXX0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                      | 400    | closed     | chunk data not followed by CRLF           |
      | 6 chunk extension with a control character | POST /ping HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n2;a\0b\r\nhi\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n               | 400    | closed     | chunk extension has a control character   |
      | 6 trailer with obs-fold                    | POST /ping HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX-T: 1\r\n folded\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n          | 400    | closed     | folding                                   |
      | 18 CL over the limit                       | POST /ping HTTP/1.1\r\nHost: t\r\nContent-Length: 2000000\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                                           | 413    | closed     | body larger than 1048576 bytes            |
      | 18 chunked over the limit                  | POST /ping HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n200000\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                              | 413    | closed     | body larger than 1048576 bytes            |
    Then each HTTP response has its row's status, body and connection handling
    And every HTTP response carries Date, Server, Content-Type and a Content-Length equal to its body length
    And the HTTP server answered each request once, so nothing sent after a rejected request was served
    And the HTTP server still answers "/ping" with 200
    And the server wrote no exception or stack trace to its error output

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: malformed header fields are refused on <server>
    Field syntax is RFC 9112 section 5: a token name, a colon right after it, no folding, no control characters.
    Given the HTTP server runs "<server>"
    When each of these requests is sent on its own HTTP connection and the response read
      | case                                | request                                                                                              | status | connection | body contains                         |
      | 7 obs-fold with a space             | GET /ping HTTP/1.1\r\nHost: t\r\nX-A: 1\r\n folded\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n  | 400    | closed     | obsolete line folding                 |
      | 7 obs-fold with a tab               | GET /ping HTTP/1.1\r\nHost: t\r\nX-A: 1\r\n\tfolded\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n | 400    | closed     | obsolete line folding                 |
      | 7 whitespace before the first field | GET /ping HTTP/1.1\r\n Host: t\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                      | 400    | closed     | obsolete line folding                 |
      | 8 space before the colon            | GET /ping HTTP/1.1\r\nHost : t\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                      | 400    | closed     | whitespace in or after a field name   |
      | 8 tab before the colon              | GET /ping HTTP/1.1\r\nHost: t\r\nX-A\t: 1\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n           | 400    | closed     | whitespace in or after a field name   |
      | 9 bare CR in a value                | GET /ping HTTP/1.1\r\nHost: t\r\nX-A: a\rb\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n          | 400    | closed     | control character                     |
      | 9 bare CR as a line end             | GET /ping HTTP/1.1\r\nHost: t\rX-A: 1\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n               | 400    | closed     | control character                     |
      | 9 NUL in a value                    | GET /ping HTTP/1.1\r\nHost: t\r\nX-A: a\0b\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n          | 400    | closed     | control character                     |
      | 10 name with =                      | GET /ping HTTP/1.1\r\nHost: t\r\nBad=Header: 1\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n      | 400    | closed     | field name has a forbidden character  |
      | 10 name with []                     | GET /ping HTTP/1.1\r\nHost: t\r\nX[]: 1\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n             | 400    | closed     | field name has a forbidden character  |
      | 10 name with NUL                    | GET /ping HTTP/1.1\r\nHost: t\r\nX\0Y: 1\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n            | 400    | closed     | field name has a forbidden character  |
      | 10 name with a control byte         | GET /ping HTTP/1.1\r\nHost: t\r\nX\x01Y: 1\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n          | 400    | closed     | field name has a forbidden character  |
      | 10 name with DEL                    | GET /ping HTTP/1.1\r\nHost: t\r\nX\x7fY: 1\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n          | 400    | closed     | field name has a forbidden character  |
      | 10 name with 0x1F                   | GET /ping HTTP/1.1\r\nHost: t\r\nX\x1fY: 1\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n          | 400    | closed     | field name has a forbidden character  |
      | 10 line without a colon             | GET /ping HTTP/1.1\r\nHost: t\r\nNoColon\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n            | 400    | closed     | field line without a colon            |
      | 10 empty field name                 | GET /ping HTTP/1.1\r\nHost: t\r\n: x\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                | 400    | closed     | empty field name                      |
      | 15 HTTP/1.1 without Host            | GET /ping HTTP/1.1\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                                  | 400    | closed     | without a Host header                 |
      | 15 two Host fields                  | GET /ping HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n            | 400    | closed     | more than one Host header             |
      | 15 Host with a space                | GET /ping HTTP/1.1\r\nHost: a b\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                     | 400    | closed     | Host header has a forbidden character |
      | 17 header section over 8 KiB        | GET /ping HTTP/1.1\r\nHost: t\r\nX-Big: {v*9000}\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n    | 431    | closed     | header section larger                 |
      | 17 more than 100 fields             | GET /ping HTTP/1.1\r\nHost: t\r\n{X-F: v\r\n*101}\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n       | 431    | closed     | more than 100 header fields           |
      | x Expect other than 100-continue    | GET /ping HTTP/1.1\r\nHost: t\r\nExpect: teapot\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n     | 417    | closed     | only Expect: 100-continue             |
    Then each HTTP response has its row's status, body and connection handling
    And every HTTP response carries Date, Server, Content-Type and a Content-Length equal to its body length
    And the HTTP server answered each request once, so nothing sent after a rejected request was served
    And the HTTP server still answers "/ping" with 200
    And the server wrote no exception or stack trace to its error output

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: malformed request lines, unknown methods and versions are refused on <server>
    The request line is RFC 9112 section 3: method, target and version separated by single spaces.
    Given the HTTP server runs "<server>"
    When each of these requests is sent on its own HTTP connection and the response read
      | case                          | request                                                                              | status | connection | body contains                       |
      | 11 NUL in the target          | GET /p\0ng HTTP/1.1\r\nHost: t\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n      | 400    | closed     | forbidden character                 |
      | 11 NUL in the method          | G\0T /ping HTTP/1.1\r\nHost: t\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n      | 400    | closed     | method is not a token               |
      | 11 four parts                 | GET /ping HTTP/1.1 extra\r\nHost: t\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n | 400    | closed     | more than three parts               |
      | 11 two spaces between parts   | GET  /ping HTTP/1.1\r\nHost: t\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n      | 400    | closed     | request line                        |
      | 11 tab as a separator         | GET\t/ping HTTP/1.1\r\nHost: t\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n      | 400    | closed     | request line                        |
      | 11 fragment in the target     | GET /ping#frag HTTP/1.1\r\nHost: t\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n  | 400    | closed     | forbidden character                 |
      | 11 asterisk target on GET     | GET * HTTP/1.1\r\nHost: t\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n           | 400    | closed     | only for OPTIONS                    |
      | 12 unknown method FOO         | FOO /ping HTTP/1.1\r\nHost: t\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n       | 501    | closed     | method FOO is not implemented       |
      | 12 methods are case-sensitive | get /ping HTTP/1.1\r\nHost: t\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n       | 501    | closed     | method get is not implemented       |
      | 14 version HTTP/1.11          | GET /ping HTTP/1.11\r\nHost: t\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n      | 400    | closed     | HTTP version                        |
      | 14 version HTP/1.1            | GET /ping HTP/1.1\r\nHost: t\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n        | 400    | closed     | HTTP version                        |
      | 14 version in lower case      | GET /ping http/1.1\r\nHost: t\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n       | 400    | closed     | HTTP version                        |
      | 14 missing version            | GET /ping\r\nHost: t\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n                | 400    | closed     | request line                        |
      | 14 version HTTP/2.0           | GET /ping HTTP/2.0\r\nHost: t\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n       | 505    | closed     | HTTP/1.1 and HTTP/1.0 only          |
      | 14 version HTTP/9.9           | GET /ping HTTP/9.9\r\nHost: t\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n       | 505    | closed     | HTTP/1.1 and HTTP/1.0 only          |
      | 16 request line over 8 KiB    | GET /{a*9000} HTTP/1.1\r\nHost: t\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n   | 414    | closed     | request line longer than 8192 bytes |
    Then each HTTP response has its row's status, body and connection handling
    And every HTTP response carries Date, Server, Content-Type and a Content-Length equal to its body length
    And the HTTP server answered each request once, so nothing sent after a rejected request was served
    And the HTTP server still answers "/ping" with 200
    And the server wrote no exception or stack trace to its error output

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: well-formed requests the list says must be served are served on <server>
    Nothing on this list is an error of the client's framing, so nothing is refused for it.
    Given the HTTP server runs "<server>"
    When each of these requests is sent on its own HTTP connection and the response read
      | case                                      | request                                                                                                                          | status | connection | body contains               |
      | 13 POST to /ping                          | POST /ping HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nhi                                                                    | 405    | kept open  | allowed: GET, HEAD, OPTIONS |
      | 15 HTTP/1.0 without Host                  | GET /ping HTTP/1.0\r\n\r\n                                                                                                       | 200    | closed     | pong                        |
      | x absolute-form target                    | GET http://t/ping HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n                                                               | 200    | closed     | pong                        |
      | x chunked body with extension and trailer | POST /nowhere HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2;ext=1\r\nhi\r\n0\r\nX-T: 1\r\n\r\n | 404    | closed     | no resource /nowhere        |
    Then each HTTP response has its row's status, body and connection handling
    And every HTTP response carries Date, Server, Content-Type and a Content-Length equal to its body length
    And every 405 HTTP response names the allowed methods in an Allow field
    And the HTTP server still answers "/ping" with 200
    And the server wrote no exception or stack trace to its error output

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: 19: no path leaves the docroot on <server>
    A secret file sits beside the docroot.
    Given the HTTP server runs "<server>" with a docroot that has a secret file beside it
    When each of these paths is requested on its own HTTP connection
      | path                            |
      | /files/../pom.xml               |
      | /files/../secret.txt            |
      | /files/%2e%2e/%2e%2e/etc/passwd |
      | /files/..%2f..%2fetc/passwd     |
      | /files/%2e%2e/secret.txt        |
      | /files/..%2fsecret.txt          |
      | /files/x%00.html                |
      | /files/%zz                      |
    Then every HTTP response to them is 400 or 404 and none contains the secret
    And the HTTP server still answers "/ping" with 200
    And the server wrote no exception or stack trace to its error output

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: 20: HEAD on every endpoint answers GET's status and fields with no body on <server>
    /metrics and /fanout are left out: their bodies (counters, timings), and so their lengths, change from one
    request to the next.
    Given the HTTP server runs "<server>"
    When HEAD and GET requests for each of these paths are pipelined on one HTTP connection
      | path              |
      | /                 |
      | /ping             |
      | /data.json        |
      | /files/index.html |
      | /io?ms=1          |
      | /cpu?n=10         |
      | /nowhere          |
    Then each HTTP HEAD response has the status, Content-Type and Content-Length of its GET and no body
    And the server wrote no exception or stack trace to its error output

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: a response to HEAD never carries content, whatever its status, on <server>
    RFC 9110 section 9.3.2: the response to HEAD has the fields of the response to GET and no content, whatever its
    status and whether the connection closes after it. The errors of the router, of the endpoints and of the parser
    (once the request line is read, the method is known) are answered without their text; a connection kept open
    then serves the next request. A request line too long to read (414) is answered before its method is known, and
    no resource refuses HEAD (no 405 can answer one): neither is in the table.
    Given the HTTP server runs "<server>"
    When each of these HEAD requests is sent on its own HTTP connection, and "/ping" is requested on each connection kept open
      | case                                 | request                                                                                | status | connection |
      | router 404, kept open                | HEAD /nope HTTP/1.1\r\nHost: t\r\n\r\n                                                 | 404    | kept open  |
      | router 404, Connection: close        | HEAD /nope HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n                            | 404    | closed     |
      | docroot 404, Connection: close       | HEAD /files/missing.html HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n              | 404    | closed     |
      | endpoint 400, kept open              | HEAD /io?ms=abc HTTP/1.1\r\nHost: t\r\n\r\n                                            | 400    | kept open  |
      | endpoint 400, Connection: close      | HEAD /cpu?n=abc HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n                       | 400    | closed     |
      | parser 400, two Host fields          | HEAD /ping HTTP/1.1\r\nHost: t\r\nHost: u\r\n\r\n                                      | 400    | closed     |
      | 413 body over the limit              | HEAD /ping HTTP/1.1\r\nHost: t\r\nContent-Length: 2000000\r\n\r\n                        | 413    | closed     |
      | 431 header section over 8 KiB        | HEAD /ping HTTP/1.1\r\nHost: t\r\nX-Big: {v*9000}\r\n\r\n                                | 431    | closed     |
      | 501 transfer coding                  | HEAD /ping HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip\r\n\r\n                        | 501    | closed     |
      | 200, Connection: close               | HEAD /ping HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n                            | 200    | closed     |
    Then each HTTP response has its row's status, body and connection handling
    And every response to HEAD has a Content-Length field and no content
    And every HTTP connection kept open then answered "pong" with 200
    And the server wrote no exception or stack trace to its error output

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: 21: three pipelined GETs and a half-close are answered in order, then EOF on <server>
    Given the HTTP server runs "<server>"
    Given an HTTP connection is open
    When the HTTP connection pipelines GET requests of "/ping, /files/notes.txt, /ping" in one write and half-closes
    And the HTTP connection reads 3 responses
    Then the HTTP connection got 3 responses with statuses "200,200,200" and bodies "pong|Plain text served with text/plain.\n|pong"
    And the HTTP connection is closed by the server
    And the server wrote no exception or stack trace to its error output

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: 22: persistence follows the version and the Connection field on <server>
    Given the HTTP server runs "<server>"
    When each of these requests is sent on its own HTTP connection
      | request                                                    | connection field | after                |
      | GET /ping HTTP/1.0\r\n\r\n                                 | close            | closed by the server |
      | GET /ping HTTP/1.0\r\nConnection: keep-alive\r\n\r\n       | keep-alive       | kept open            |
      | GET /ping HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n | close            | closed by the server |
    Then each HTTP connection was answered 200 with its row's Connection field and then closed or kept open as its row says
    And the server wrote no exception or stack trace to its error output

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: 23: 64 KiB of random bytes get a 4xx or a close, quickly on <server>
    Given the HTTP server runs "<server>"
    When an HTTP client sends 64 KiB of random bytes on a new connection
    Then that HTTP connection got a 4xx response or was closed within 5 s
    And the HTTP server still answers "/ping" with 200
    And the server wrote no exception or stack trace to its error output

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: 24: a silent client is closed after the header timeout on <server>
    The header timeout is 1 s here.
    Given the HTTP server runs "<server>"
    When an HTTP client connects and sends nothing
    Then the silent HTTP client got a 408 response and was closed within 5 s
    And the HTTP server still answers "/ping" with 200
    And the server wrote no exception or stack trace to its error output

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: 24: a client that sends "GET " and stalls is closed after the header timeout on <server>
    Another client is served meanwhile (single: once the staller is closed).
    Given the HTTP server runs "<server>"
    Given a slow HTTP client has sent the first word of a request line and stalls
    When another HTTP client requests "/ping" on a new connection
    Then the other HTTP client is answered 200 within 5 s
    And the slow HTTP client got a 408 response and was closed within 5 s
    And the server wrote no exception or stack trace to its error output

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: 25: clients resetting mid-request and mid-response leave nothing behind on <server>
    Observed through /metrics: open connections and serving threads return to their baseline.
    Given the HTTP server runs "<server>"
    Given the HTTP server's connection and handler counts are noted from "/metrics"
    When an HTTP client resets its connection after sending half a request
    And an HTTP client with a tiny receive window resets its connection after reading 100 bytes of "/data.json"
    Then the HTTP server's connection and handler counts in "/metrics" return to the noted baseline within 5 s
    And the HTTP server still answers "/ping" with 200
    And the server wrote no exception or stack trace to its error output

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: 25 in its own JVM: 60 resets leave no thread or open file behind on <server>
    30 clients reset mid-request and 30 mid-response, against a server JVM of its own that counts itself: open
    connections and serving handlers go back to 0, live threads and open file descriptors to what they were after one
    client of each kind, give or take 8 that the JVM opens on its own (compiler and carrier threads, the I/O pollers of
    virtual threads); a leak would show one per client. A thread pool keeps its idle workers: up to its pool size
    more threads.
    Given the HTTP server runs "<server>" in its own JVM
    And the server JVM's connections, handlers, threads and open files are noted after one client of each kind
    When 30 HTTP clients reset their connections after sending half a request
    And 30 HTTP clients with a tiny receive window reset their connections after reading 100 bytes of "/data.json"
    Then the server JVM's connections and handlers return to 0 and its threads to at most <idle threads> more than noted, within 10 s
    And the server JVM's open files return to the noted count, within 10 s
    And the server JVM answers "/ping" with 200
    And the server wrote no exception or stack trace to its error output

    Examples:
      | server                  | idle threads |
      | single                  | 0            |
      | platform                | 0            |
      | pool                    | 100          |
      | virtual                 | 0            |
      | virtual --cache-content | 0            |
      | event-loop              | 0            |

  Scenario Outline: /fanout answers 502 when its downstream is down and 504 when it is silent on <server>
    Given the HTTP server runs "<server>" with a downstream that refuses connections
    When an HTTP client gets "/fanout?calls=2&ms=5"
    Then the HTTP response status is 502
    And the HTTP response body contains "downstream call 1 of 2"
    Given the HTTP server runs "<server>" with a downstream that accepts and never answers
    When an HTTP client gets "/fanout?calls=2&ms=5"
    Then the HTTP response status is 504
    And the HTTP response body contains "timed out after 1005 ms"
    And the server wrote no exception or stack trace to its error output

    Examples:
      | server                  |
      | single                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  Scenario Outline: the data file deleted while <server> serves it
    virtual reads the file on each request (as single, platform and pool do, through the
    same code) and answers a clear 404 once it is gone; virtual --cache-content read it at start and keeps serving it. Neither
    crashes.
    Given the HTTP server runs "<server>" in its own JVM with a copy of the data file
    And the server JVM answers "/data.json" with 200
    When the data file is deleted
    Then the server JVM answers "/data.json" with <status> and a body containing "<body contains>"
    And the server JVM answers "/ping" with 200
    And the server JVM is still running
    And the server wrote no exception or stack trace to its error output

    # without server single, platform, pool: they read the file through the same code as virtual
    Examples:
      | server                  | status | body contains |
      | virtual                 | 404    | not found     |
      | virtual --cache-content | 200    | :1000,        |
      | event-loop              | 200    | :1000,        |

  Scenario Outline: graceful shutdown with <requests> requests in flight on <server>
    Each connection first gets a quick request (a warm server starts all of them within milliseconds), then the slow
    ones are written together. SIGTERM to the server JVM once it has had all of them in progress at once: it stops
    accepting at once, every request in flight is answered 200 with "Connection: close" (which shows it was still in
    flight when the server began to drain), and it exits within its grace period (10 s). single serves one
    connection at a time (docs/architecture.md), so it has one request in flight, and an idle timeout longer than its
    1 s so that its connection waits for the slow request. pool runs with 200 threads so that all 200 are in progress
    (with its default of 100, the other 100 would wait in its queue).
    Given the HTTP server runs "<server>" in its own JVM with <timeouts>
    And <requests> HTTP requests to "/io?ms=500" are in progress in the server JVM
    When the server JVM is sent SIGTERM
    Then new HTTP connections to the server JVM are refused
    And all <requests> in-flight HTTP requests were answered 200 with "Connection: close", none lost
    And the server JVM exited by itself within its grace period of 10 s
    And the server wrote no exception or stack trace to its error output

    Examples:
      | server                  | requests | timeouts                                           |
      | single                  | 1        | a grace period of 10 s and an idle timeout of 10 s |
      | platform                | 200      | a grace period of 10 s                             |
      | pool --pool-size 200    | 200      | a grace period of 10 s                             |
      | virtual                 | 200      | a grace period of 10 s                             |
      | virtual --cache-content | 200      | a grace period of 10 s                             |
      | event-loop              | 200      | a grace period of 10 s                             |

  Scenario Outline: a client that never reads a large response is closed by the write timeout on <server>
    Its tiny receive window fills, the server's write blocks (the event loop's write finds the socket full and waits
    for it to be writable), and the write timeout (2 s here) closes the connection. The file is larger than the 8 MiB
    that the event loop reads into memory at start: it maps larger files instead (docs/http-server.md).
    Given the HTTP server runs "<server>" in its own JVM with a 32 MiB file in its docroot and a write timeout of 2 s
    When a client with a tiny receive window requests "/files/big.txt" and never reads
    Then the server closes that connection within 8 s
    And that client received the start of a 200 response and less than 32 MiB
    And the server JVM answers "/ping" with 200
    And the server wrote no exception or stack trace to its error output

    # without server single, platform, pool: their write blocks its thread through the same code as virtual's
    Examples:
      | server     |
      | virtual    |
      | event-loop |

  @Slow
  Scenario Outline: one client that stops reading does not slow 100 keep-alive clients down on <server>
    A connection that stalls never stalls the others (issue 23): one client asks for a large file and never reads, so
    the server's write to it waits (a blocked thread, or on the event loop a full socket that its loop leaves until
    it is writable) until the write timeout (2 s here) closes it. Meanwhile 100 keep-alive clients, each sending 10
    requests one after another, keep their 99th percentile latency under 10 times what it is without the stuck
    client (both runs warm: a first run of the same size is not counted). single is not a row: it serves one
    connection at a time, so a stuck reader blocks every other client until its write timeout, by design
    (docs/architecture.md). About 6 s a row, 30 s in all: @Slow.
    Given the HTTP server runs "<server>" in its own JVM with a 32 MiB file in its docroot and a write timeout of 2 s
    When 100 keep-alive HTTP clients request "/ping" 10 times each alone, after as many to warm up
    And a client with a tiny receive window requests "/files/big.txt" and never reads
    And the 100 keep-alive HTTP clients request "/ping" 10 times each again beside it
    Then the keep-alive clients were done within 2 s of the stuck client's request, while it was still held
    And the keep-alive clients' p99 beside the stuck client is under 10 times their p99 alone
    And the server closes that connection within 8 s
    And that client received the start of a 200 response and less than 32 MiB
    And the server JVM answers "/ping" with 200
    And the server wrote no exception or stack trace to its error output

    # without server single: a stuck reader holds its one connection at a time, so the others wait by design
    Examples:
      | server                  |
      | platform                |
      | pool                    |
      | virtual                 |
      | virtual --cache-content |
      | event-loop              |

  @Slow @ServerVirtual
  Scenario: 500 slowloris connections neither slow a normal client down nor outlive the header timeout on virtual
    Each slowloris client sends a request line, then one header byte every 2 s, and never ends its head. The normal
    client's 99th percentile latency (HdrHistogram, one new connection per request) beside them stays under 10 times
    what it is alone; the header timeout (10 s here, from the connection's first byte) closes every slowloris client.
    Given the HTTP server runs "virtual" in its own JVM with a header timeout of 10 s
    When a normal HTTP client requests "/ping" 2000 times alone, one new connection each
    And 500 slowloris clients connect and send one header byte every 2 s
    And the normal HTTP client requests "/ping" 2000 times again beside them
    Then the normal client's p99 beside the slowloris clients is under 10 times its p99 alone
    And every slowloris connection was closed by the server within 20 s of connecting
    And the server JVM's active connections return to 0 within 5 s
    And the server JVM answers "/ping" with 200
    And the server wrote no exception or stack trace to its error output

  @Slow @ServerEventLoop
  Scenario: 500 slowloris connections neither slow a normal client down nor outlive the header timeout on event-loop
    The same on the event loop, whose loops look at every byte the slowloris clients send.
    Given the HTTP server runs "event-loop" in its own JVM with a header timeout of 10 s
    When a normal HTTP client requests "/ping" 2000 times alone, one new connection each
    And 500 slowloris clients connect and send one header byte every 2 s
    And the normal HTTP client requests "/ping" 2000 times again beside them
    Then the normal client's p99 beside the slowloris clients is under 10 times its p99 alone
    And every slowloris connection was closed by the server within 20 s of connecting
    And the server JVM's active connections return to 0 within 5 s
    And the server JVM answers "/ping" with 200
    And the server wrote no exception or stack trace to its error output
