/**
 * Upshift's operator: the engine inside a Kubernetes cluster (docs/operator.md). A replica
 * ({@link dev.upshift.operator.UpshiftOperator}) reconciles {@code ClusterUpgrade} resources with the
 * Java Operator SDK while it holds a Lease, its history fenced by the lease's epoch
 * (the SPI's {@link dev.upshift.spi.FencedHistoryStore}, {@link dev.upshift.operator.Term});
 * {@link dev.upshift.operator.OperatorMain} is the packaged replica.
 */
package dev.upshift.operator;
