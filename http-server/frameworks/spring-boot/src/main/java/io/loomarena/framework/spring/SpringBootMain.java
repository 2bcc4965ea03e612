package io.loomarena.framework.spring;

import org.apache.catalina.util.ServerInfo;
import org.springframework.boot.SpringBootVersion;

import io.loomarena.framework.support.ArenaEndpoints;
import io.loomarena.framework.support.Framework;
import io.loomarena.framework.support.FrameworkCommand;
import io.loomarena.framework.support.FrameworkConfig;
import io.loomarena.framework.support.FrameworkIdentity;

/**
 * The Spring Boot rows ({@code spring-boot-virtual}, {@code spring-boot-platform}): the arena's endpoints as a Spring
 * Boot application on embedded Tomcat ({@link SpringBootServer}), {@code --threads virtual} with
 * {@code spring.threads.virtual.enabled}, {@code --threads platform} on Tomcat's default pool. The command line and
 * the process behaviour are the support's ({@link FrameworkCommand}). Stateless.
 */
public final class SpringBootMain implements Framework {

    /** The command's name. */
    public static final String NAME = "spring-boot";

    public static void main(String[] args) {
        FrameworkCommand.main(new SpringBootMain(), args);
    }

    @Override
    public String name() {
        return NAME;
    }

    /** {@code Spring Boot 4.0.7, Tomcat 11.0.22}, as both report themselves at run time. */
    @Override
    public FrameworkIdentity identity() {
        String tomcat = ServerInfo.getServerInfo(); // "Apache Tomcat/11.0.22"
        return new FrameworkIdentity("Spring Boot", SpringBootVersion.getVersion(),
                "Tomcat " + tomcat.substring(tomcat.indexOf('/') + 1));
    }

    /** Spring MVC's observation times every request into {@code http_server_requests_seconds}, as in seed 004. */
    @Override
    public boolean timesRequests() {
        return true;
    }

    @Override
    public RunningFramework start(FrameworkConfig config, ArenaEndpoints endpoints) {
        return SpringBootServer.start(config, endpoints);
    }
}
