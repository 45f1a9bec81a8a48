package dev.upshift.spi;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The rules of {@link SpiRules} catch what they are meant to catch, and let contracts through. */
class SpiRulesTest {

    @Test
    @DisplayName("a record with a derived value is logic, and is caught; components, withers and factories are fine")
    void recordsExposeOnlyTheirParts() {
        assertThat(violations(SpiRules.recordsExposeOnlyTheirParts, Sum.class)).singleElement().asString()
                .contains("Sum has methods beyond its parts: total");
        assertThat(violations(SpiRules.recordsExposeOnlyTheirParts, Pair.class, Made.class)).isEmpty();
    }

    @Test
    @DisplayName("a plain class is caught; interfaces, records, enums and a record's final Builder pass")
    void onlyContractsAndValues() {
        assertThat(violations(SpiRules.onlyContractsAndValues, Helper.class)).singleElement().asString()
                .contains("Helper is a class with behaviour of its own");
        assertThat(violations(SpiRules.onlyContractsAndValues, Pair.class, Colour.class, Annotated.class,
                Made.class, Made.Builder.class)).isEmpty();
    }

    @Test
    @DisplayName("a one-method interface without @FunctionalInterface is caught")
    void singleMethodInterfacesAreFunctional() {
        assertThat(violations(SpiRules.singleMethodInterfacesAreFunctional, Single.class)).singleElement()
                .asString().contains("not annotated @FunctionalInterface");
        assertThat(violations(SpiRules.singleMethodInterfacesAreFunctional, Annotated.class, TwoSided.class)).isEmpty();
    }

    @Test
    @DisplayName("a sealed type that permits a class is caught; one of records with factories passes")
    void sealedTypesAreOutcomes() {
        assertThat(violations(SpiRules.sealedTypesAreOutcomes, Verdict.class)).singleElement().asString()
                .contains("permits types that are not records: No");
        assertThat(violations(SpiRules.sealedTypesAreOutcomes, Answer.class)).isEmpty();
    }

    @Test
    @DisplayName("an enum with behaviour is caught; one with its words passes")
    void enumsExposeOnlyTheirWords() {
        assertThat(violations(SpiRules.enumsExposeOnlyTheirWords, Colour.class)).singleElement().asString()
                .contains("beyond its words: warm");
        assertThat(violations(SpiRules.enumsExposeOnlyTheirWords, Worded.class)).isEmpty();
    }

    @Test
    @DisplayName("a builder with a public constructor or a computing method is caught")
    void buildersOnlyBuild() {
        assertThat(violations(SpiRules.buildersOnlyBuild, Thing.Builder.class)).singleElement().asString()
                .contains("can be constructed from outside");
        assertThat(violations(SpiRules.buildersOnlyBuild, Made.Builder.class)).isEmpty();
    }

    @Test
    @DisplayName("state in an interface and mutable static fields are caught")
    void noState() {
        assertThat(violations(SpiRules.interfacesHoldNoState, WithState.class)).singleElement().asString()
                .contains("declares fields LIMIT");
        assertThat(violations(SpiRules.noMutableStaticState, Counter.class)).singleElement().asString()
                .contains("mutable static fields count");
    }

    @Test
    @DisplayName("an adapter interface's static method must return a default of the interface")
    void adapterInterfacesOfferOnlyDefaults() {
        assertThat(violations(SpiRules.adapterInterfacesOfferOnlyDefaults, Parsing.class)).singleElement().asString()
                .contains("not defaults of itself: parse");
        assertThat(violations(SpiRules.adapterInterfacesOfferOnlyDefaults, Annotated.class)).isEmpty();
    }

    @Test
    @DisplayName("I-prefixed and Impl-suffixed names are caught")
    void names() {
        assertThat(violations(SpiRules.namesSayWhatThingsAre, IThing.class, ThingImpl.class)).hasSize(2);
        assertThat(violations(SpiRules.namesSayWhatThingsAre, Pair.class, Single.class)).isEmpty();
    }

    @Test
    @DisplayName("a reference implementation offers its contract only, is final, and hides its helpers inside it")
    void referenceImplementations() {
        assertThat(violations(SpiRules.onlyContractsAndValues, InMemorySingle.class, InMemorySingle.Part.class))
                .isEmpty();
        assertThat(violations(SpiRules.everythingIsPublic, InMemorySingle.class, InMemorySingle.Part.class))
                .isEmpty();
        assertThat(violations(SpiRules.referenceImplementationsOfferOnlyTheirContract, InMemorySingle.class))
                .isEmpty();
        assertThat(violations(SpiRules.referenceImplementationsOfferOnlyTheirContract, InMemoryMore.class,
                InMemoryOpen.class, InMemoryMisnamed.class)).hasSize(3).anySatisfy(v -> assertThat(v)
                        .contains("InMemoryMore offers methods beyond its contract: count"))
                .anySatisfy(v -> assertThat(v).contains("InMemoryOpen is not public and final"))
                .anySatisfy(v -> assertThat(v).contains("InMemoryMisnamed does not implement Misnamed"));
        assertThat(violations(SpiRules.onlyContractsAndValues, InMemoryMore.class)).singleElement().asString()
                .contains("is a class with behaviour of its own");
        assertThat(violations(SpiRules.everythingIsPublic, Helper.class)).singleElement().asString()
                .contains("Helper is not public");
    }

    private static List<String> violations(ArchRule rule, Class<?>... fixtures) {
        JavaClasses classes = new ClassFileImporter().importClasses(fixtures);
        EvaluationResult result = rule.evaluate(classes);
        return result.getFailureReport().getDetails();
    }

    record Sum(int a, int b) {
        public int total() {
            return a + b;
        }
    }

    record Pair(int a, int b) {
        public static Pair of(int a, int b) {
            return new Pair(a, b);
        }

        public Pair withA(int other) {
            return new Pair(other, b);
        }
    }

    record Made(int n) {
        public static Builder builder() {
            return new Builder();
        }

        public Builder toBuilder() {
            return new Builder().n(n);
        }

        public static final class Builder {
            private int n;

            private Builder() {}

            public Builder n(int value) {
                this.n = value;
                return this;
            }

            public Made build() {
                return new Made(n);
            }
        }
    }

    record Thing(int n) {
        public static final class Builder {
            public Builder() {}
        }
    }

    static final class Helper {}

    interface Single {
        void run();
    }

    @FunctionalInterface
    interface Annotated {
        void run();

        static Annotated noop() {
            return () -> { };
        }
    }

    interface TwoSided {
        default void before() {}

        default void after() {}
    }

    interface Parsing {
        void run();

        static int parse(String text) {
            return text.length();
        }
    }

    sealed interface Verdict permits Yes, No {}

    record Yes() implements Verdict {}

    static final class No implements Verdict {}

    sealed interface Answer permits Answer.Given {
        static Given given(String text) {
            return new Given(text);
        }

        String text();

        record Given(String text) implements Answer {}
    }

    enum Colour {
        RED;

        public boolean warm() {
            return true;
        }
    }

    enum Worded {
        ONE("one");

        private final String word;

        Worded(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }
    }

    interface WithState {
        int LIMIT = 3;
    }

    static final class Counter {
        static int count;
    }

    public static final class InMemorySingle implements Single {
        private final Part part = new Part();

        public InMemorySingle() {}

        @Override
        public void run() {
            part.n++;
        }

        @Override
        public String toString() {
            return "ran " + part.n;
        }

        private static final class Part {
            int n;
        }
    }

    @FunctionalInterface
    interface More {
        void run();
    }

    @FunctionalInterface
    interface Open {
        void run();
    }

    public static final class InMemoryMore implements More {
        private int n;

        @Override
        public void run() {
            n++;
        }

        public int count() {
            return n;
        }
    }

    public static class InMemoryOpen implements Open {
        @Override
        public void run() {}
    }

    public static final class InMemoryMisnamed implements Single {
        @Override
        public void run() {}
    }

    interface IThing {}

    static final class ThingImpl {}
}
