package dev.upshift.archrules;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaAnnotation;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaEnumConstant;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Collection;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * DESIGN.md section 2: every public type says its API status, and a type marked
 * {@code @API(status = INTERNAL)} (or living in a package named {@code internal}) is not API, so no
 * API signature names one. Each module's {@code PurityTest} or {@code LayeringTest} includes these
 * rules with {@code ArchTests.in(ApiRules.class)}; test-support's own {@code ApiRulesTest} shows
 * they fail on a violation.
 */
public final class ApiRules {
    private static final String API = "org.apiguardian.api.API";

    private ApiRules() {}

    /**
     * In a public type that is not itself internal: the supertypes and type parameters, and every
     * public or protected constructor, method and field (parameter, return, field and thrown types,
     * type arguments and bounds included) name no internal type.
     */
    @ArchTest
    public static final ArchRule apiNamesNoInternalType = classes()
            .that().arePublic().and(DescribedPredicate.describe("are not internal", type -> !internal(type)))
            .should(new ArchCondition<JavaClass>("name no @API(status = INTERNAL) type in a public or protected"
                    + " signature, a supertype or a type parameter") {
                @Override
                public void check(JavaClass type, ConditionEvents events) {
                    Set<JavaClass> heading = new HashSet<>();
                    type.getSuperclass().ifPresent(s -> heading.addAll(s.getAllInvolvedRawTypes()));
                    type.getInterfaces().forEach(i -> heading.addAll(i.getAllInvolvedRawTypes()));
                    type.getTypeParameters().forEach(p -> heading.addAll(p.getAllInvolvedRawTypes()));
                    report(type, type.getName() + " extends, implements or is bounded by", heading, events);
                    for (JavaCodeUnit unit : type.getCodeUnits()) {
                        if (api(unit)) {
                            Set<JavaClass> named = new HashSet<>();
                            named.addAll(unit.getReturnType().getAllInvolvedRawTypes());
                            unit.getParameterTypes().forEach(p -> named.addAll(p.getAllInvolvedRawTypes()));
                            unit.getTypeParameters().forEach(p -> named.addAll(p.getAllInvolvedRawTypes()));
                            named.addAll(unit.getExceptionTypes());
                            report(unit, unit.getFullName() + " names", named, events);
                        }
                    }
                    for (JavaField field : type.getFields()) {
                        if (api(field)) {
                            report(field, field.getFullName() + " is of type", field.getType().getAllInvolvedRawTypes(),
                                    events);
                        }
                    }
                }
            })
            .because("an @API(status = INTERNAL) type may change in any release, so a user must never have to"
                    + " name one to use the API");

    @ArchTest
    public static final ArchRule everyPublicTypeSaysItsStatus = classes()
            .that().arePublic().and().areTopLevelClasses()
            .should().beAnnotatedWith(API)
            .because("a user must see whether a type is stable, experimental or internal, and since when"
                    + " (@API(status, since), as JUnit marks its types)");

    /**
     * A public or protected member that is not itself marked {@code @API(status = INTERNAL)} (as
     * JUnit marks a method that its own modules call across packages and users must not).
     */
    private static boolean api(JavaMember member) {
        Set<JavaModifier> modifiers = member.getModifiers();
        return (modifiers.contains(JavaModifier.PUBLIC) || modifiers.contains(JavaModifier.PROTECTED))
                && !modifiers.contains(JavaModifier.SYNTHETIC)
                && !modifiers.contains(JavaModifier.BRIDGE)
                && !internalStatus(member.tryGetAnnotationOfType(API));
    }

    private static void report(Object where, String what, Collection<JavaClass> named, ConditionEvents events) {
        Set<String> internal = new TreeSet<>();
        for (JavaClass type : named) {
            JavaClass base = type.isArray() ? type.getBaseComponentType() : type;
            if (internal(base)) {
                internal.add(base.getName());
            }
        }
        if (!internal.isEmpty()) {
            events.add(SimpleConditionEvent.violated(where, what + " the internal " + String.join(", ", internal)));
        }
    }

    /** Marked {@code @API(status = INTERNAL)}, itself or by an enclosing type, or in an internal package. */
    static boolean internal(JavaClass type) {
        if (type.getPackageName().matches("(.+\\.)?internal(\\..+)?")) {
            return true;
        }
        for (Optional<JavaClass> t = Optional.of(type); t.isPresent(); t = t.get().getEnclosingClass()) {
            Optional<? extends JavaAnnotation<JavaClass>> api = t.get().tryGetAnnotationOfType(API);
            if (api.isPresent()) {
                return internalStatus(api);
            }
        }
        return false;
    }

    private static boolean internalStatus(Optional<? extends JavaAnnotation<?>> api) {
        return api.flatMap(a -> a.get("status"))
                .map(status -> status instanceof JavaEnumConstant constant ? constant.name() : status.toString())
                .filter("INTERNAL"::equals)
                .isPresent();
    }
}
