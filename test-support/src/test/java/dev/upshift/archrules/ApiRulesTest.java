package dev.upshift.archrules;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import dev.upshift.archrules.ApiFixtures.BoundedByHidden;
import dev.upshift.archrules.ApiFixtures.ConstructedFromHidden;
import dev.upshift.archrules.ApiFixtures.ExtendsHidden;
import dev.upshift.archrules.ApiFixtures.Hidden;
import dev.upshift.archrules.ApiFixtures.HiddenArray;
import dev.upshift.archrules.ApiFixtures.HiddenField;
import dev.upshift.archrules.ApiFixtures.HiddenFieldArgument;
import dev.upshift.archrules.ApiFixtures.HiddenOuter;
import dev.upshift.archrules.ApiFixtures.HiddenSupertypeArgument;
import dev.upshift.archrules.ApiFixtures.HiddenTypeArgument;
import dev.upshift.archrules.ApiFixtures.ImplementsHidden;
import dev.upshift.archrules.ApiFixtures.KeepsHiddenInside;
import dev.upshift.archrules.ApiFixtures.MethodBoundedByHidden;
import dev.upshift.archrules.ApiFixtures.NamesHiddenInner;
import dev.upshift.archrules.ApiFixtures.ProtectedHidden;
import dev.upshift.archrules.ApiFixtures.ReturnsHidden;
import dev.upshift.archrules.ApiFixtures.TakesHidden;
import dev.upshift.archrules.ApiFixtures.ThrowsHidden;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The rules each module includes really fail on what they forbid, and only on that. */
class ApiRulesTest {
    @DisplayName("an API signature that names an internal type, in any position, is a violation")
    @ParameterizedTest(name = "{0}")
    @ValueSource(classes = {ReturnsHidden.class, TakesHidden.class, ConstructedFromHidden.class,
        ProtectedHidden.class, HiddenTypeArgument.class, HiddenArray.class, HiddenField.class,
        HiddenFieldArgument.class, ThrowsHidden.class, ImplementsHidden.class, ExtendsHidden.class,
        HiddenSupertypeArgument.class, BoundedByHidden.class, MethodBoundedByHidden.class, NamesHiddenInner.class})
    void namingAnInternalTypeIsAViolation(Class<?> fixture) {
        EvaluationResult result = ApiRules.apiNamesNoInternalType.evaluate(only(fixture));

        assertThat(result.hasViolation()).as("violations of %s", fixture.getSimpleName()).isTrue();
        assertThat(result.getFailureReport().getDetails())
                .allSatisfy(detail -> assertThat(detail).contains("the internal " + ApiFixtures.class.getName()));
    }

    @Test
    @DisplayName("a type that keeps internal types to private and package-private members passes")
    void keepingInternalTypesInsidePasses() {
        assertThat(ApiRules.apiNamesNoInternalType.evaluate(only(KeepsHiddenInside.class)).hasViolation())
                .isFalse();
    }

    @Test
    @DisplayName("a member marked @API(status = INTERNAL) is not API, whatever it names; marked otherwise, it is checked")
    void internalMembersAreNotApi() {
        assertThat(ApiRules.apiNamesNoInternalType.evaluate(only(ApiFixtures.InternalMemberNamesHidden.class))
                .hasViolation()).isFalse();
        assertThat(ApiRules.apiNamesNoInternalType.evaluate(only(ApiFixtures.ExperimentalMemberNamesHidden.class))
                .hasViolation()).isTrue();
    }

    @Test
    @DisplayName("internal types may name each other, and non-public types are not API")
    void internalAndNonPublicTypesAreNotChecked() {
        JavaClasses fixtures = new ClassFileImporter().importPackagesOf(ApiFixtures.class).that(
                com.tngtech.archunit.base.DescribedPredicate.describe("fixtures that keep the rule", type ->
                        type.getName().equals(Hidden.class.getName())
                                || type.getName().equals(HiddenOuter.class.getName())
                                || type.getName().endsWith("$PackagePrivateNamesHidden")
                                || type.getName().equals(ApiFixtures.class.getName())));

        assertThat(fixtures).hasSize(4);
        assertThat(ApiRules.apiNamesNoInternalType.evaluate(fixtures).hasViolation()).isFalse();
    }

    @Test
    @DisplayName("the violation names the member and the internal type")
    void theViolationNamesMemberAndType() {
        EvaluationResult result = ApiRules.apiNamesNoInternalType.evaluate(only(ReturnsHidden.class));

        assertThat(result.getFailureReport().getDetails()).singleElement().asString()
                .contains(ReturnsHidden.class.getName() + ".hidden()")
                .contains("the internal " + Hidden.class.getName());
    }

    private static JavaClasses only(Class<?> type) {
        return new ClassFileImporter().importClasses(type);
    }
}
