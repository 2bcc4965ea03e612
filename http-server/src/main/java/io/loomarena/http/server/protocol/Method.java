package io.loomarena.http.server.protocol;

/** The request methods of RFC 9110 section 9 (plus PATCH); any other token is answered 501. */
public enum Method {
    GET, HEAD, POST, PUT, DELETE, CONNECT, OPTIONS, TRACE, PATCH;

    private static final Method[] VALUES = values();

    /** The method spelled by {@code length} bytes at {@code offset} (case-sensitive), or null if it is not known. */
    static Method of(byte[] bytes, int offset, int length) {
        for (Method method : VALUES) {
            String name = method.name();
            if (name.length() == length && matches(name, bytes, offset)) {
                return method;
            }
        }
        return null;
    }

    private static boolean matches(String name, byte[] bytes, int offset) {
        for (int i = 0; i < name.length(); i++) {
            if (bytes[offset + i] != name.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
