package dev.upshift.spi;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * STYLE.md item 2 as rules: the SPI holds contracts only (interfaces, the records they exchange,
 * enums and sealed outcome types), with no logic beyond validation, static factories, withers and
 * builders; and, as OpenTelemetry's SDK offers its {@code InMemorySpanExporter}, a contract may have
 * one reference implementation of its own, named {@code InMemory} and the contract's name
 * ({@code InMemoryHistoryStore}): final, offering nothing but the contract, its helpers private and
 * nested in it (issue 35). The rules apply to whatever classes they are evaluated on: {@link ContractsOnlyTest}
 * runs them on the spi module, {@link SpiRulesTest} on fixtures that break them.
 */
final class SpiRules {
    private static final Set<String> OBJECT_METHODS = Set.of("equals", "hashCode", "toString");
    private static final String REFERENCE_PREFIX = "InMemory";
    private static final Set<String> ENUM_METHODS = Set.of("values", "valueOf", "word", "words", "toString");

    private SpiRules() {}

    @ArchTest
    static final ArchRule onlyContractsAndValues = classes()
            .should(check("be an interface, a record, an enum, a record's Builder, or a contract's reference"
                    + " implementation and its private parts", SpiRules::shapeProblem))
            .because("the SPI holds contracts and the values they exchange, no logic (STYLE.md item 2), but for one"
                    + " reference implementation of a contract");

    @ArchTest
    static final ArchRule everythingIsPublic = classes().that().doNotHaveSimpleName("package-info")
            .should(check("be public, unless a private part of a reference implementation", c ->
                    Modifier.isPublic(c.getModifiers()) || isPartOfReference(c) ? null : "is not public"))
            .because("a hidden class in the SPI could only be a helper, and helpers are logic");

    @ArchTest
    static final ArchRule referenceImplementationsOfferOnlyTheirContract = classes()
            .that().haveSimpleNameStartingWith(REFERENCE_PREFIX)
            .should(check("be final, implement the contract they are named for, and offer nothing else",
                    SpiRules::referenceProblem))
            .because("a reference implementation is the contract made concrete, not a place for more API");

    @ArchTest
    static final ArchRule recordsExposeOnlyTheirParts = classes().that().areRecords()
            .should(check("expose only their components, withers, toBuilder and static factories",
                    SpiRules::recordProblem))
            .because("a record here carries values; computing with them is core's work");

    @ArchTest
    static final ArchRule enumsExposeOnlyTheirWords = classes().that().areEnums()
            .should(check("expose only their constants and the words documents use", SpiRules::enumProblem))
            .because("an enum here names choices; acting on them is core's work");

    @ArchTest
    static final ArchRule sealedTypesAreOutcomes = classes().that().areInterfaces()
            .should(check("if sealed, permit only records and declare only accessors and static factories",
                    SpiRules::sealedProblem))
            .because("outcomes are sealed types of records with static factories (STYLE.md item 6)");

    @ArchTest
    static final ArchRule adapterInterfacesOfferOnlyDefaults = classes().that().areInterfaces()
            .should(check("if not sealed, have static methods only to return a default of themselves",
                    SpiRules::adapterInterfaceProblem))
            .because("defaults are interface statics such as EventSink.noop() (STYLE.md, OpenTelemetry)");

    @ArchTest
    static final ArchRule singleMethodInterfacesAreFunctional = classes().that().areInterfaces()
            .should(check("be annotated @FunctionalInterface when they have one abstract method",
                    SpiRules::functionalProblem))
            .because("single-method SPIs are @FunctionalInterface (STYLE.md item 2)");

    @ArchTest
    static final ArchRule interfacesHoldNoState = classes().that().areInterfaces()
            .should(check("declare no fields", c -> c.getDeclaredFields().length == 0 ? null
                    : "declares fields " + names(Arrays.asList(c.getDeclaredFields()), Field::getName)))
            .because("a contract holds no state");

    @ArchTest
    static final ArchRule noMutableStaticState = classes()
            .should(check("have only final static fields", SpiRules::staticStateProblem))
            .because("values and contracts share nothing mutable");

    @ArchTest
    static final ArchRule buildersOnlyBuild = classes().that().haveSimpleName("Builder")
            .should(check("have private constructors and public methods that return the builder or what it builds",
                    SpiRules::builderProblem))
            .because("a builder collects and checks parts; it computes nothing");

    @ArchTest
    static final ArchRule namesSayWhatThingsAre = noClasses()
            .should().haveSimpleNameEndingWith("Impl")
            .orShould().haveSimpleNameEndingWith("Manager")
            .orShould().haveSimpleNameEndingWith("Helper")
            .orShould().haveSimpleNameEndingWith("Util")
            .orShould().haveSimpleNameEndingWith("Utils")
            .orShould().haveNameMatching(".*[.$]I[A-Z][a-z][A-Za-z0-9]*")
            .because("types are named for their role in the domain (STYLE.md items 2 and 10)");

    private static String shapeProblem(Class<?> c) {
        if (c.isInterface() || c.isRecord() || c.isEnum() || c.getSimpleName().equals("package-info")) {
            return null;
        }
        if (referenceProblem(c) == null || isPartOfReference(c)) {
            return null;
        }
        Class<?> outer = c.getEnclosingClass();
        if (c.getSimpleName().equals("Builder") && outer != null && outer.isRecord()
                && Modifier.isStatic(c.getModifiers()) && Modifier.isFinal(c.getModifiers())) {
            return null;
        }
        return "is a class with behaviour of its own";
    }

    /**
     * Why {@code c} is not a reference implementation: a public final class (static, if nested) named
     * {@code InMemory} and the name of a contract it implements, whose public methods are the
     * contracts' own, {@code toString}, {@code equals} and {@code hashCode}; null when it is one.
     */
    private static String referenceProblem(Class<?> c) {
        if (c.isInterface() || c.isRecord() || c.isEnum() || !c.getSimpleName().startsWith(REFERENCE_PREFIX)) {
            return "is not a class named " + REFERENCE_PREFIX + "…";
        }
        if (!Modifier.isPublic(c.getModifiers()) || !Modifier.isFinal(c.getModifiers())
                || c.getEnclosingClass() != null && !Modifier.isStatic(c.getModifiers())) {
            return "is not public and final";
        }
        String contract = c.getSimpleName().substring(REFERENCE_PREFIX.length());
        Set<Class<?>> contracts = new LinkedHashSet<>();
        for (Class<?> i : c.getInterfaces()) {
            collectInterfaces(i, contracts);
        }
        if (contracts.stream().noneMatch(i -> i.getSimpleName().equals(contract))) {
            return "does not implement " + contract + ", the contract it is named for";
        }
        List<Method> wrong = publicMethods(c).stream().filter(m -> !OBJECT_METHODS.contains(m.getName())
                && contracts.stream().noneMatch(i -> declares(i, m))).toList();
        return wrong.isEmpty() ? null : "offers methods beyond its contract: " + names(wrong, Method::getName);
    }

    /** A private static class nested in a reference implementation: its helpers, which no one else sees. */
    private static boolean isPartOfReference(Class<?> c) {
        Class<?> outer = c.getEnclosingClass();
        return outer != null && Modifier.isPrivate(c.getModifiers()) && Modifier.isStatic(c.getModifiers())
                && (referenceProblem(outer) == null || isPartOfReference(outer));
    }

    private static void collectInterfaces(Class<?> i, Set<Class<?>> into) {
        if (into.add(i)) {
            for (Class<?> parent : i.getInterfaces()) {
                collectInterfaces(parent, into);
            }
        }
    }

    private static boolean declares(Class<?> contract, Method m) {
        try {
            contract.getMethod(m.getName(), m.getParameterTypes());
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private static String recordProblem(Class<?> c) {
        Set<String> components = Arrays.stream(c.getRecordComponents()).map(RecordComponent::getName)
                .collect(Collectors.toSet());
        List<Method> wrong = publicMethods(c).stream().filter(m -> {
            if (Modifier.isStatic(m.getModifiers())) {
                return !c.isAssignableFrom(m.getReturnType()) && !isBuilderOf(m.getReturnType(), c);
            }
            String name = m.getName();
            return !(components.contains(name) && m.getParameterCount() == 0)
                    && !OBJECT_METHODS.contains(name)
                    && !(name.startsWith("with") && m.getReturnType() == c)
                    && !(name.equals("toBuilder") && isBuilderOf(m.getReturnType(), c));
        }).toList();
        return wrong.isEmpty() ? null : "has methods beyond its parts: " + names(wrong, Method::getName);
    }

    private static String enumProblem(Class<?> c) {
        List<Method> wrong = publicMethods(c).stream().filter(m -> !ENUM_METHODS.contains(m.getName())).toList();
        return wrong.isEmpty() ? null : "has methods beyond its words: " + names(wrong, Method::getName);
    }

    private static String sealedProblem(Class<?> c) {
        if (!c.isSealed()) {
            return null;
        }
        List<Class<?>> notRecords = Arrays.stream(c.getPermittedSubclasses()).filter(p -> !p.isRecord()).toList();
        if (!notRecords.isEmpty()) {
            return "permits types that are not records: " + names(notRecords, Class::getSimpleName);
        }
        List<Method> wrong = publicMethods(c).stream().filter(m -> Modifier.isStatic(m.getModifiers())
                ? !c.isAssignableFrom(m.getReturnType())
                : !Modifier.isAbstract(m.getModifiers()) || m.getParameterCount() > 0).toList();
        return wrong.isEmpty() ? null
                : "has methods other than accessors and static factories: " + names(wrong, Method::getName);
    }

    private static String adapterInterfaceProblem(Class<?> c) {
        if (c.isSealed()) {
            return null;
        }
        List<Method> wrong = publicMethods(c).stream()
                .filter(m -> Modifier.isStatic(m.getModifiers()) && m.getReturnType() != c).toList();
        return wrong.isEmpty() ? null
                : "has static methods that are not defaults of itself: " + names(wrong, Method::getName);
    }

    private static String functionalProblem(Class<?> c) {
        if (c.isSealed() || c.getSimpleName().equals("package-info")) {
            return null;
        }
        long abstractMethods = Arrays.stream(c.getDeclaredMethods())
                .filter(m -> Modifier.isAbstract(m.getModifiers())).count();
        return abstractMethods == 1 && !c.isAnnotationPresent(FunctionalInterface.class)
                ? "has one abstract method but is not annotated @FunctionalInterface" : null;
    }

    private static String staticStateProblem(Class<?> c) {
        List<Field> mutable = Arrays.stream(c.getDeclaredFields())
                .filter(f -> Modifier.isStatic(f.getModifiers()) && !Modifier.isFinal(f.getModifiers())).toList();
        return mutable.isEmpty() ? null : "has mutable static fields " + names(mutable, Field::getName);
    }

    private static String builderProblem(Class<?> c) {
        Class<?> built = c.getEnclosingClass();
        boolean constructorsPrivate = Arrays.stream(c.getDeclaredConstructors())
                .allMatch(k -> Modifier.isPrivate(k.getModifiers()));
        if (!constructorsPrivate) {
            return "can be constructed from outside; start it with a static builder(...) method";
        }
        List<Method> wrong = publicMethods(c).stream()
                .filter(m -> Modifier.isStatic(m.getModifiers())
                        || (m.getReturnType() != c && (built == null || m.getReturnType() != built)))
                .toList();
        return wrong.isEmpty() ? null
                : "has methods that neither set a part nor build: " + names(wrong, Method::getName);
    }

    private static boolean isBuilderOf(Class<?> type, Class<?> built) {
        return type.getSimpleName().equals("Builder") && type.getEnclosingClass() == built;
    }

    private static List<Method> publicMethods(Class<?> c) {
        return Arrays.stream(c.getDeclaredMethods())
                .filter(m -> Modifier.isPublic(m.getModifiers()) && !m.isSynthetic() && !m.isBridge())
                .toList();
    }

    private static <T> String names(List<T> items, Function<T, String> name) {
        return items.stream().map(name).sorted().distinct().collect(Collectors.joining(", "));
    }

    /** A condition that fails a class when {@code problem} names one (and passes it on {@code null}). */
    private static ArchCondition<JavaClass> check(String description, Function<Class<?>, String> problem) {
        return new ArchCondition<>(description) {
            @Override
            public void check(JavaClass item, ConditionEvents events) {
                if (item.getModifiers().contains(JavaModifier.SYNTHETIC)) {
                    return;
                }
                String found = problem.apply(item.reflect());
                events.add(new SimpleConditionEvent(item, found == null, item.getName() + " " + (found == null
                        ? "is fine" : found)));
            }
        };
    }
}
