package io.loomarena.model;

import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import java.util.stream.Collectors;

import io.loomarena.measure.ModelThreads;

/**
 * What server and client models share: a command-line name, and threads of one kind named after the application and
 * the model ({@code http-virtual-N}, {@code echo-client-platform-N}).
 */
public interface ThreadModel {

    /** The name on the command line and in summaries: {@code virtual}. */
    String cliName();

    /** Whether the model's threads are virtual. */
    boolean virtualThreads();

    /** The prefix of this model's threads in {@code application}: {@code echo-virtual} for {@code echo}. */
    default String threadPrefix(String application) {
        return application + "-" + cliName();
    }

    /** Threads named {@code <application>-<model>-N}, virtual exactly when the model's are. */
    default ThreadFactory threads(String application) {
        return ModelThreads.factory(threadPrefix(application), virtualThreads());
    }

    /** The one of {@code models} with exactly this command-line name, if any. */
    static <M extends ThreadModel> Optional<M> withCliName(M[] models, String name) {
        return Arrays.stream(models).filter(model -> model.cliName().equals(name)).findFirst();
    }

    /** The command-line names of {@code models}, comma separated: {@code platform, virtual}. */
    static String cliNames(ThreadModel[] models) {
        return Arrays.stream(models).map(ThreadModel::cliName).collect(Collectors.joining(", "));
    }
}
