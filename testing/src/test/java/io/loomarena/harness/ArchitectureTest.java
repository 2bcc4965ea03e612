package io.loomarena.harness;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The shape of the harness, kept by the build: its packages depend on each other without a cycle (the root package
 * too: it holds the shared vocabulary and depends on no package below it), and only the options package reads system
 * properties, once, at the edge.
 */
class ArchitectureTest {

    private static final JavaClasses HARNESS = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.loomarena.harness");

    @Test
    void thePackagesOfTheHarnessHaveNoCycle() {
        slices().matching("io.loomarena.harness.(**)").should().beFreeOfCycles().check(HARNESS);
    }

    /** {@code (**)} does not match the root package itself, so the root gets a rule of its own: it is the bottom. */
    @Test
    void theRootPackageDependsOnNoPackageOfTheHarness() {
        noClasses().that().resideInAPackage("io.loomarena.harness")
                .should().dependOnClassesThat().resideInAPackage("io.loomarena.harness.*..")
                .check(HARNESS);
    }

    @Test
    void onlyTheOptionsReadSystemProperties() {
        noClasses().that().resideOutsideOfPackage("io.loomarena.harness.options")
                .should().callMethod(System.class, "getProperty", String.class)
                .orShould().callMethod(System.class, "getProperty", String.class, String.class)
                .orShould().callMethod(System.class, "getProperties")
                .orShould().callMethod(Boolean.class, "getBoolean", String.class)
                .orShould().callMethod(Integer.class, "getInteger", String.class)
                .orShould().callMethod(Integer.class, "getInteger", String.class, int.class)
                .orShould().callMethod(Long.class, "getLong", String.class)
                .orShould().callMethod(Long.class, "getLong", String.class, long.class)
                .because("options are read once at the edge (RunOptions) and passed down")
                .check(HARNESS);
    }
}
