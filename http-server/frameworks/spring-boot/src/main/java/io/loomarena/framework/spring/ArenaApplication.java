package io.loomarena.framework.spring;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration;
import org.springframework.context.annotation.Import;

/**
 * The Spring Boot application: Boot's auto-configuration (Spring MVC on Tomcat, Actuator, the Prometheus registry)
 * and the arena's handler and error advice, imported by name rather than found by a class path scan. Boot's error
 * controller is left out: it would answer {@code /error} itself, where the arena answers 404 for every path it does
 * not serve (the advice answers what Spring MVC finds no handler for).
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration(exclude = ErrorMvcAutoConfiguration.class)
@Import({ArenaController.class, ArenaErrors.class})
class ArenaApplication {
}
