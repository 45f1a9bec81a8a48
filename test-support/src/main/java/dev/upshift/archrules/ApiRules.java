package dev.upshift.archrules;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

/**
 * DESIGN.md section 2: types in packages named {@code internal} are not API, so no API signature
 * names one; and every public type says its API status. Each module's {@code PurityTest} or {@code LayeringTest} includes these rules with
 * {@code ArchTests.in(ApiRules.class)}. Shared as diff's test jar.
 */
public final class ApiRules {
    private ApiRules() {}

    @ArchTest
    public static final ArchRule apiNamesNoInternalType = classes()
            .that().arePublic().and().resideOutsideOfPackage("..internal..")
            .should(new ArchCondition<JavaClass>("have no public member whose parameter, return or field type "
                    + "resides in an internal package") {
                @Override
                public void check(JavaClass type, ConditionEvents events) {
                    for (JavaCodeUnit unit : type.getCodeUnits()) {
                        if (!unit.getModifiers().contains(JavaModifier.PUBLIC)) {
                            continue;
                        }
                        if (internal(unit.getRawReturnType())) {
                            events.add(SimpleConditionEvent.violated(unit, unit.getFullName() + " returns "
                                    + unit.getRawReturnType().getName()));
                        }
                        for (JavaClass parameter : unit.getRawParameterTypes()) {
                            if (internal(parameter)) {
                                events.add(SimpleConditionEvent.violated(unit, unit.getFullName() + " takes "
                                        + parameter.getName()));
                            }
                        }
                    }
                    for (JavaField field : type.getFields()) {
                        if (field.getModifiers().contains(JavaModifier.PUBLIC) && internal(field.getRawType())) {
                            events.add(SimpleConditionEvent.violated(field, field.getFullName() + " is of type "
                                    + field.getRawType().getName()));
                        }
                    }
                }
            })
            .because("types in packages named internal are not API");

    @ArchTest
    public static final ArchRule everyPublicTypeSaysItsStatus = classes()
            .that().arePublic().and().areTopLevelClasses()
            .should().beAnnotatedWith("org.apiguardian.api.API")
            .because("a user must see whether a type is stable, experimental or internal, and since when"
                    + " (@API(status, since), as JUnit marks its types)");

    private static boolean internal(JavaClass type) {
        JavaClass base = type.isArray() ? type.getBaseComponentType() : type;
        return base.getPackageName().matches("(.+\\.)?internal(\\..+)?");
    }
}
