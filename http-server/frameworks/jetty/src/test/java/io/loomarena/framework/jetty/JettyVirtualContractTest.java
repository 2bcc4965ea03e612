package io.loomarena.framework.jetty;

import io.loomarena.framework.testkit.FrameworkContractTest;

/** The row {@code jetty-virtual}: Jetty on its VirtualThreadPool, started as the harness starts it. */
class JettyVirtualContractTest extends FrameworkContractTest {

    @Override
    protected String mainClass() {
        return JettyMain.class.getName();
    }

    @Override
    protected String threads() {
        return "virtual";
    }

    @Override
    protected String frameworkName() {
        return "Jetty";
    }
}
