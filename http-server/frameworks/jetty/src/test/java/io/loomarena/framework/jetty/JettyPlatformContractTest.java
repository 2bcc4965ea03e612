package io.loomarena.framework.jetty;

import io.loomarena.framework.testkit.FrameworkContractTest;

/** The row {@code jetty-queued}: Jetty on its QueuedThreadPool, started as the harness starts it. */
class JettyPlatformContractTest extends FrameworkContractTest {

    @Override
    protected String mainClass() {
        return JettyMain.class.getName();
    }

    @Override
    protected String threads() {
        return "platform";
    }

    @Override
    protected String frameworkName() {
        return "Jetty";
    }
}
