package io.loomarena.http.load;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import io.loomarena.http.HttpMain;
import picocli.CommandLine;

/**
 * Exit status, stdout and stderr of one {@code load} command run in-process, as the load client's command tests read
 * them.
 */
record LoadCommandRun(int status, String out, String err) {

    /** Runs {@code load} with {@code first} then {@code args} on the command line. */
    static LoadCommandRun of(List<String> first, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine command = HttpMain.commandLine();
        command.setOut(new PrintWriter(out));
        command.setErr(new PrintWriter(err));
        List<String> all = new ArrayList<>(List.of("load"));
        all.addAll(first);
        all.addAll(List.of(args));
        int status = command.execute(all.toArray(String[]::new));
        return new LoadCommandRun(status, out.toString(), err.toString());
    }
}
