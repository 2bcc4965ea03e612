package io.loomarena.framework.helidon;

import io.loomarena.framework.testkit.FrameworkContractTest;

/** The row {@code helidon}: Helidon SE 4, a virtual thread per request, started as the harness starts it. */
class HelidonContractTest extends FrameworkContractTest {

    @Override
    protected String mainClass() {
        return HelidonMain.class.getName();
    }

    @Override
    protected String threads() {
        return "virtual";
    }

    @Override
    protected String frameworkName() {
        return "Helidon SE";
    }
}
