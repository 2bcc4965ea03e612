package io.loomarena.harness.fork;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A child for {@link JvmForkTest}: writes a file into its temporary folder, prints the folder, waits for stdin's end. */
public final class TempFolderChild {

    private TempFolderChild() {
    }

    public static void main(String[] args) throws IOException {
        Path folder = Path.of(System.getProperty("java.io.tmpdir"));
        Files.writeString(folder.resolve("left-by-the-child.txt"), "a file a killed JVM cannot remove");
        System.out.println(folder);
        System.out.flush();
        System.in.read();
    }
}
