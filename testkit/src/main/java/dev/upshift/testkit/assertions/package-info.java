/**
 * AssertJ assertions in the domain's words, on plans, explanations, simulated rollouts, histories
 * and reconciles: their failures say which clusters broke a policy, when, and what the plan said,
 * never dump an object. Start from {@link dev.upshift.testkit.assertions.UpshiftAssertions}.
 */
package dev.upshift.testkit.assertions;
