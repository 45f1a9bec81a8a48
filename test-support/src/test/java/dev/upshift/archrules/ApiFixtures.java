package dev.upshift.archrules;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.INTERNAL;
import static org.apiguardian.api.API.Status.STABLE;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/** Small types that keep or break {@link ApiRules#apiNamesNoInternalType}, one way each. */
@API(status = STABLE, since = "0.1")
public final class ApiFixtures {
    private ApiFixtures() {}

    @API(status = INTERNAL, since = "0.1")
    public static final class Hidden {
        /** An internal type may name other internal types. */
        public Hidden next() {
            return this;
        }
    }

    @API(status = INTERNAL, since = "0.1")
    public static class HiddenProblem extends RuntimeException {}

    @API(status = INTERNAL, since = "0.1")
    public interface HiddenContract {}

    /** Nested in an internal type without a status of its own: internal too. */
    @API(status = INTERNAL, since = "0.1")
    public static final class HiddenOuter {
        public static final class Inner {}
    }

    public static final class ReturnsHidden {
        public Hidden hidden() {
            return new Hidden();
        }
    }

    public static final class TakesHidden {
        public void take(Hidden hidden) {}
    }

    public static final class ConstructedFromHidden {
        public ConstructedFromHidden(Hidden hidden) {}
    }

    public static class ProtectedHidden {
        protected void take(Hidden hidden) {}
    }

    public static final class HiddenTypeArgument {
        public Optional<Map<String, List<Hidden>>> deep() {
            return Optional.empty();
        }
    }

    public static final class HiddenArray {
        public void take(Hidden[][] hidden) {}
    }

    public static final class HiddenField {
        public Hidden hidden;
    }

    public static final class HiddenFieldArgument {
        public List<Hidden> hidden = List.of();
    }

    public static final class ThrowsHidden {
        public void risk() throws HiddenProblem {}
    }

    public static final class ImplementsHidden implements HiddenContract {}

    public static final class ExtendsHidden extends HiddenProblem {}

    public static final class HiddenSupertypeArgument implements Comparable<Hidden> {
        @Override
        public int compareTo(Hidden other) {
            return 0;
        }
    }

    public static final class BoundedByHidden<T extends Hidden> {}

    public static final class MethodBoundedByHidden {
        public <T extends HiddenContract> void take(T value) {}
    }

    public static final class NamesHiddenInner {
        public HiddenOuter.Inner inner() {
            return new HiddenOuter.Inner();
        }
    }

    /** Uses internal types only where no user sees them. */
    @API(status = EXPERIMENTAL, since = "0.1")
    public static final class KeepsHiddenInside {
        private Hidden hidden = new Hidden();
        final List<Hidden> packageList = List.of();

        public KeepsHiddenInside() {}

        KeepsHiddenInside(Hidden hidden) {
            this.hidden = hidden;
        }

        public String name() {
            return helper(hidden).toString();
        }

        private Hidden helper(Hidden value) {
            return value.next();
        }

        void packagePrivate(HiddenContract contract) {}
    }

    /** An API type whose one member marked internal names an internal type, as a module's own bridge does. */
    @API(status = EXPERIMENTAL, since = "0.1")
    public static final class InternalMemberNamesHidden {
        @API(status = INTERNAL, since = "0.1")
        public Hidden bridge() {
            return new Hidden();
        }
    }

    /** The same member marked experimental: a violation. */
    @API(status = EXPERIMENTAL, since = "0.1")
    public static final class ExperimentalMemberNamesHidden {
        @API(status = EXPERIMENTAL, since = "0.1")
        public Hidden bridge() {
            return new Hidden();
        }
    }

    /** Package-private: not API, whatever it names. */
    static final class PackagePrivateNamesHidden {
        public Hidden hidden() {
            return new Hidden();
        }
    }
}
