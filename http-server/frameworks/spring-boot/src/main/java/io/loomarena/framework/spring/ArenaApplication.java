package io.loomarena.framework.spring;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;

/**
 * The Spring Boot application: auto-configuration (Spring MVC on Tomcat, Actuator, the Prometheus registry) and the
 * arena's controller, imported by name rather than found by a classpath scan.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
@Import({ArenaController.class, ArenaErrors.class})
class ArenaApplication {
}
