package io.loomarena.framework.spring;

import io.loomarena.framework.testkit.FrameworkContractTest;

/** The row {@code spring-boot-virtual}: Tomcat on virtual threads, started as the harness starts it. */
class SpringBootVirtualContractTest extends FrameworkContractTest {

    @Override
    protected String mainClass() {
        return SpringBootMain.class.getName();
    }

    @Override
    protected String threads() {
        return "virtual";
    }

    @Override
    protected String frameworkName() {
        return "Spring Boot";
    }
}
