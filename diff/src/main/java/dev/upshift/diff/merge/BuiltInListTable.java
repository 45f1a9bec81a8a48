package dev.upshift.diff.merge;

/**
 * The built-in list table {@link ListSchema} reads: how the API server keys each list of the kinds
 * it knows. Generated, never edited by hand: {@code ListTableGenerator} (in the tests) writes it
 * from the sources, and {@code BuiltInListTableTest} checks it against them when given them
 * (docs/diff.md, "Refreshing the built-in table").
 *
 * <ul>
 *   <li>{@link #KUBERNETES}: the Kubernetes 1.36 OpenAPI document ({@code api/openapi-spec/v3} of
 *       the {@code release-1.36} branch), the kinds of the core, apps, batch, policy and
 *       networking.k8s.io v1 groups;
 *   <li>{@link #CLUSTER_API}: the CRDs of Cluster API v1.14.0 (the {@code config/crd/bases} of its
 *       core, kubeadm control plane and kubeadm bootstrap providers), every served version.
 * </ul>
 *
 * <p>Data only, and long; a constant because pure modules read no resources.
 */
final class BuiltInListTable {
    private BuiltInListTable() {}

    static final String KUBERNETES = """
            source Kubernetes 1.36
            kind apps/v1 ControllerRevision apps.v1.ControllerRevision
            kind apps/v1 DaemonSet apps.v1.DaemonSet
            kind apps/v1 Deployment apps.v1.Deployment
            kind apps/v1 ReplicaSet apps.v1.ReplicaSet
            kind apps/v1 StatefulSet apps.v1.StatefulSet
            kind batch/v1 CronJob batch.v1.CronJob
            kind batch/v1 Job batch.v1.Job
            kind networking.k8s.io/v1 IPAddress networking.v1.IPAddress
            kind networking.k8s.io/v1 Ingress networking.v1.Ingress
            kind networking.k8s.io/v1 IngressClass networking.v1.IngressClass
            kind networking.k8s.io/v1 NetworkPolicy networking.v1.NetworkPolicy
            kind networking.k8s.io/v1 ServiceCIDR networking.v1.ServiceCIDR
            kind policy/v1 PodDisruptionBudget policy.v1.PodDisruptionBudget
            kind v1 ConfigMap core.v1.ConfigMap
            kind v1 Endpoints core.v1.Endpoints
            kind v1 LimitRange core.v1.LimitRange
            kind v1 Namespace core.v1.Namespace
            kind v1 Node core.v1.Node
            kind v1 PersistentVolume core.v1.PersistentVolume
            kind v1 PersistentVolumeClaim core.v1.PersistentVolumeClaim
            kind v1 Pod core.v1.Pod
            kind v1 PodTemplate core.v1.PodTemplate
            kind v1 ReplicationController core.v1.ReplicationController
            kind v1 ResourceQuota core.v1.ResourceQuota
            kind v1 Secret core.v1.Secret
            kind v1 Service core.v1.Service
            kind v1 ServiceAccount core.v1.ServiceAccount
            apps.v1.ControllerRevision metadata meta.v1.ObjectMeta
            meta.v1.ObjectMeta finalizers set
            meta.v1.ObjectMeta ownerReferences map uid
            apps.v1.DaemonSet metadata meta.v1.ObjectMeta
            apps.v1.DaemonSet spec apps.v1.DaemonSetSpec
            apps.v1.DaemonSetSpec selector meta.v1.LabelSelector
            apps.v1.DaemonSetSpec template core.v1.PodTemplateSpec
            meta.v1.LabelSelector matchExpressions atomic
            core.v1.PodTemplateSpec metadata meta.v1.ObjectMeta
            core.v1.PodTemplateSpec spec core.v1.PodSpec
            core.v1.PodSpec affinity core.v1.Affinity
            core.v1.PodSpec containers map name core.v1.Container
            core.v1.PodSpec dnsConfig core.v1.PodDNSConfig
            core.v1.PodSpec ephemeralContainers map name core.v1.EphemeralContainer
            core.v1.PodSpec hostAliases map ip core.v1.HostAlias
            core.v1.PodSpec imagePullSecrets map name
            core.v1.PodSpec initContainers map name core.v1.Container
            core.v1.PodSpec readinessGates atomic
            core.v1.PodSpec resourceClaims map name
            core.v1.PodSpec resources core.v1.ResourceRequirements
            core.v1.PodSpec schedulingGates map name
            core.v1.PodSpec securityContext core.v1.PodSecurityContext
            core.v1.PodSpec tolerations atomic
            core.v1.PodSpec topologySpreadConstraints map topologyKey,whenUnsatisfiable core.v1.TopologySpreadConstraint
            core.v1.PodSpec volumes map name core.v1.Volume
            core.v1.Affinity nodeAffinity core.v1.NodeAffinity
            core.v1.Affinity podAffinity core.v1.PodAffinity
            core.v1.Affinity podAntiAffinity core.v1.PodAntiAffinity
            core.v1.NodeAffinity preferredDuringSchedulingIgnoredDuringExecution atomic
            core.v1.NodeAffinity requiredDuringSchedulingIgnoredDuringExecution core.v1.NodeSelector
            core.v1.NodeSelector nodeSelectorTerms atomic
            core.v1.PodAffinity preferredDuringSchedulingIgnoredDuringExecution atomic
            core.v1.PodAffinity requiredDuringSchedulingIgnoredDuringExecution atomic
            core.v1.PodAntiAffinity preferredDuringSchedulingIgnoredDuringExecution atomic
            core.v1.PodAntiAffinity requiredDuringSchedulingIgnoredDuringExecution atomic
            core.v1.Container args atomic
            core.v1.Container command atomic
            core.v1.Container env map name
            core.v1.Container envFrom atomic
            core.v1.Container lifecycle core.v1.Lifecycle
            core.v1.Container livenessProbe core.v1.Probe
            core.v1.Container ports map containerPort,protocol=TCP
            core.v1.Container readinessProbe core.v1.Probe
            core.v1.Container resizePolicy atomic
            core.v1.Container resources core.v1.ResourceRequirements
            core.v1.Container restartPolicyRules atomic
            core.v1.Container securityContext core.v1.SecurityContext
            core.v1.Container startupProbe core.v1.Probe
            core.v1.Container volumeDevices map devicePath
            core.v1.Container volumeMounts map mountPath
            core.v1.Lifecycle postStart core.v1.LifecycleHandler
            core.v1.Lifecycle preStop core.v1.LifecycleHandler
            core.v1.LifecycleHandler exec core.v1.ExecAction
            core.v1.LifecycleHandler httpGet core.v1.HTTPGetAction
            core.v1.ExecAction command atomic
            core.v1.HTTPGetAction httpHeaders atomic
            core.v1.Probe exec core.v1.ExecAction
            core.v1.Probe httpGet core.v1.HTTPGetAction
            core.v1.ResourceRequirements claims map name
            core.v1.SecurityContext capabilities core.v1.Capabilities
            core.v1.Capabilities add atomic
            core.v1.Capabilities drop atomic
            core.v1.PodDNSConfig nameservers atomic
            core.v1.PodDNSConfig options atomic
            core.v1.PodDNSConfig searches atomic
            core.v1.EphemeralContainer args atomic
            core.v1.EphemeralContainer command atomic
            core.v1.EphemeralContainer env map name
            core.v1.EphemeralContainer envFrom atomic
            core.v1.EphemeralContainer lifecycle core.v1.Lifecycle
            core.v1.EphemeralContainer livenessProbe core.v1.Probe
            core.v1.EphemeralContainer ports map containerPort,protocol=TCP
            core.v1.EphemeralContainer readinessProbe core.v1.Probe
            core.v1.EphemeralContainer resizePolicy atomic
            core.v1.EphemeralContainer resources core.v1.ResourceRequirements
            core.v1.EphemeralContainer restartPolicyRules atomic
            core.v1.EphemeralContainer securityContext core.v1.SecurityContext
            core.v1.EphemeralContainer startupProbe core.v1.Probe
            core.v1.EphemeralContainer volumeDevices map devicePath
            core.v1.EphemeralContainer volumeMounts map mountPath
            core.v1.HostAlias hostnames atomic
            core.v1.PodSecurityContext supplementalGroups atomic
            core.v1.PodSecurityContext sysctls atomic
            core.v1.TopologySpreadConstraint labelSelector meta.v1.LabelSelector
            core.v1.TopologySpreadConstraint matchLabelKeys atomic
            core.v1.Volume cephfs core.v1.CephFSVolumeSource
            core.v1.Volume configMap core.v1.ConfigMapVolumeSource
            core.v1.Volume downwardAPI core.v1.DownwardAPIVolumeSource
            core.v1.Volume ephemeral core.v1.EphemeralVolumeSource
            core.v1.Volume fc core.v1.FCVolumeSource
            core.v1.Volume iscsi core.v1.ISCSIVolumeSource
            core.v1.Volume projected core.v1.ProjectedVolumeSource
            core.v1.Volume rbd core.v1.RBDVolumeSource
            core.v1.Volume secret core.v1.SecretVolumeSource
            core.v1.CephFSVolumeSource monitors atomic
            core.v1.ConfigMapVolumeSource items atomic
            core.v1.DownwardAPIVolumeSource items atomic
            core.v1.EphemeralVolumeSource volumeClaimTemplate core.v1.PersistentVolumeClaimTemplate
            core.v1.PersistentVolumeClaimTemplate metadata meta.v1.ObjectMeta
            core.v1.PersistentVolumeClaimTemplate spec core.v1.PersistentVolumeClaimSpec
            core.v1.PersistentVolumeClaimSpec accessModes atomic
            core.v1.PersistentVolumeClaimSpec selector meta.v1.LabelSelector
            core.v1.FCVolumeSource targetWWNs atomic
            core.v1.FCVolumeSource wwids atomic
            core.v1.ISCSIVolumeSource portals atomic
            core.v1.ProjectedVolumeSource sources atomic
            core.v1.RBDVolumeSource monitors atomic
            core.v1.SecretVolumeSource items atomic
            apps.v1.Deployment metadata meta.v1.ObjectMeta
            apps.v1.Deployment spec apps.v1.DeploymentSpec
            apps.v1.DeploymentSpec selector meta.v1.LabelSelector
            apps.v1.DeploymentSpec template core.v1.PodTemplateSpec
            apps.v1.ReplicaSet metadata meta.v1.ObjectMeta
            apps.v1.ReplicaSet spec apps.v1.ReplicaSetSpec
            apps.v1.ReplicaSetSpec selector meta.v1.LabelSelector
            apps.v1.ReplicaSetSpec template core.v1.PodTemplateSpec
            apps.v1.StatefulSet metadata meta.v1.ObjectMeta
            apps.v1.StatefulSet spec apps.v1.StatefulSetSpec
            apps.v1.StatefulSetSpec selector meta.v1.LabelSelector
            apps.v1.StatefulSetSpec template core.v1.PodTemplateSpec
            apps.v1.StatefulSetSpec volumeClaimTemplates atomic
            batch.v1.CronJob metadata meta.v1.ObjectMeta
            batch.v1.CronJob spec batch.v1.CronJobSpec
            batch.v1.CronJobSpec jobTemplate batch.v1.JobTemplateSpec
            batch.v1.JobTemplateSpec metadata meta.v1.ObjectMeta
            batch.v1.JobTemplateSpec spec batch.v1.JobSpec
            batch.v1.JobSpec podFailurePolicy batch.v1.PodFailurePolicy
            batch.v1.JobSpec selector meta.v1.LabelSelector
            batch.v1.JobSpec successPolicy batch.v1.SuccessPolicy
            batch.v1.JobSpec template core.v1.PodTemplateSpec
            batch.v1.PodFailurePolicy rules atomic
            batch.v1.SuccessPolicy rules atomic
            batch.v1.Job metadata meta.v1.ObjectMeta
            batch.v1.Job spec batch.v1.JobSpec
            networking.v1.IPAddress metadata meta.v1.ObjectMeta
            networking.v1.Ingress metadata meta.v1.ObjectMeta
            networking.v1.Ingress spec networking.v1.IngressSpec
            networking.v1.IngressSpec rules atomic
            networking.v1.IngressSpec tls atomic
            networking.v1.IngressClass metadata meta.v1.ObjectMeta
            networking.v1.NetworkPolicy metadata meta.v1.ObjectMeta
            networking.v1.NetworkPolicy spec networking.v1.NetworkPolicySpec
            networking.v1.NetworkPolicySpec egress atomic
            networking.v1.NetworkPolicySpec ingress atomic
            networking.v1.NetworkPolicySpec podSelector meta.v1.LabelSelector
            networking.v1.NetworkPolicySpec policyTypes atomic
            networking.v1.ServiceCIDR metadata meta.v1.ObjectMeta
            networking.v1.ServiceCIDR spec networking.v1.ServiceCIDRSpec
            networking.v1.ServiceCIDRSpec cidrs atomic
            policy.v1.PodDisruptionBudget metadata meta.v1.ObjectMeta
            policy.v1.PodDisruptionBudget spec policy.v1.PodDisruptionBudgetSpec
            policy.v1.PodDisruptionBudgetSpec selector meta.v1.LabelSelector
            core.v1.ConfigMap metadata meta.v1.ObjectMeta
            core.v1.Endpoints metadata meta.v1.ObjectMeta
            core.v1.Endpoints subsets atomic
            core.v1.LimitRange metadata meta.v1.ObjectMeta
            core.v1.LimitRange spec core.v1.LimitRangeSpec
            core.v1.LimitRangeSpec limits atomic
            core.v1.Namespace metadata meta.v1.ObjectMeta
            core.v1.Namespace spec core.v1.NamespaceSpec
            core.v1.NamespaceSpec finalizers atomic
            core.v1.Node metadata meta.v1.ObjectMeta
            core.v1.Node spec core.v1.NodeSpec
            core.v1.NodeSpec podCIDRs set
            core.v1.NodeSpec taints atomic
            core.v1.PersistentVolume metadata meta.v1.ObjectMeta
            core.v1.PersistentVolume spec core.v1.PersistentVolumeSpec
            core.v1.PersistentVolumeSpec accessModes atomic
            core.v1.PersistentVolumeSpec cephfs core.v1.CephFSPersistentVolumeSource
            core.v1.PersistentVolumeSpec fc core.v1.FCVolumeSource
            core.v1.PersistentVolumeSpec iscsi core.v1.ISCSIPersistentVolumeSource
            core.v1.PersistentVolumeSpec mountOptions atomic
            core.v1.PersistentVolumeSpec nodeAffinity core.v1.VolumeNodeAffinity
            core.v1.PersistentVolumeSpec rbd core.v1.RBDPersistentVolumeSource
            core.v1.CephFSPersistentVolumeSource monitors atomic
            core.v1.ISCSIPersistentVolumeSource portals atomic
            core.v1.VolumeNodeAffinity required core.v1.NodeSelector
            core.v1.RBDPersistentVolumeSource monitors atomic
            core.v1.PersistentVolumeClaim metadata meta.v1.ObjectMeta
            core.v1.PersistentVolumeClaim spec core.v1.PersistentVolumeClaimSpec
            core.v1.Pod metadata meta.v1.ObjectMeta
            core.v1.Pod spec core.v1.PodSpec
            core.v1.PodTemplate metadata meta.v1.ObjectMeta
            core.v1.PodTemplate template core.v1.PodTemplateSpec
            core.v1.ReplicationController metadata meta.v1.ObjectMeta
            core.v1.ReplicationController spec core.v1.ReplicationControllerSpec
            core.v1.ReplicationControllerSpec template core.v1.PodTemplateSpec
            core.v1.ResourceQuota metadata meta.v1.ObjectMeta
            core.v1.ResourceQuota spec core.v1.ResourceQuotaSpec
            core.v1.ResourceQuotaSpec scopeSelector core.v1.ScopeSelector
            core.v1.ResourceQuotaSpec scopes atomic
            core.v1.ScopeSelector matchExpressions atomic
            core.v1.Secret metadata meta.v1.ObjectMeta
            core.v1.Service metadata meta.v1.ObjectMeta
            core.v1.Service spec core.v1.ServiceSpec
            core.v1.ServiceSpec clusterIPs atomic
            core.v1.ServiceSpec externalIPs atomic
            core.v1.ServiceSpec ipFamilies atomic
            core.v1.ServiceSpec loadBalancerSourceRanges atomic
            core.v1.ServiceSpec ports map port,protocol=TCP
            core.v1.ServiceAccount imagePullSecrets atomic
            core.v1.ServiceAccount metadata meta.v1.ObjectMeta
            core.v1.ServiceAccount secrets map name
            """;

    static final String CLUSTER_API = """
            source Cluster API v1.14.0
            kind cluster.x-k8s.io/v1beta1 Cluster cluster.x-k8s.io/v1beta1.Cluster
            kind cluster.x-k8s.io/v1beta2 Cluster cluster.x-k8s.io/v1beta2.Cluster
            kind cluster.x-k8s.io/v1beta1 ClusterClass cluster.x-k8s.io/v1beta1.ClusterClass
            kind cluster.x-k8s.io/v1beta2 ClusterClass cluster.x-k8s.io/v1beta2.ClusterClass
            kind cluster.x-k8s.io/v1beta1 MachineDeployment cluster.x-k8s.io/v1beta1.MachineDeployment
            kind cluster.x-k8s.io/v1beta2 MachineDeployment cluster.x-k8s.io/v1beta2.MachineDeployment
            kind cluster.x-k8s.io/v1beta1 MachineSet cluster.x-k8s.io/v1beta1.MachineSet
            kind cluster.x-k8s.io/v1beta2 MachineSet cluster.x-k8s.io/v1beta2.MachineSet
            kind cluster.x-k8s.io/v1beta1 Machine cluster.x-k8s.io/v1beta1.Machine
            kind cluster.x-k8s.io/v1beta2 Machine cluster.x-k8s.io/v1beta2.Machine
            kind cluster.x-k8s.io/v1beta1 MachinePool cluster.x-k8s.io/v1beta1.MachinePool
            kind cluster.x-k8s.io/v1beta2 MachinePool cluster.x-k8s.io/v1beta2.MachinePool
            kind cluster.x-k8s.io/v1beta1 MachineHealthCheck cluster.x-k8s.io/v1beta1.MachineHealthCheck
            kind cluster.x-k8s.io/v1beta2 MachineHealthCheck cluster.x-k8s.io/v1beta2.MachineHealthCheck
            kind controlplane.cluster.x-k8s.io/v1beta1 KubeadmControlPlane controlplane.cluster.x-k8s.io/v1beta1.KubeadmControlPlane
            kind controlplane.cluster.x-k8s.io/v1beta2 KubeadmControlPlane controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane
            kind controlplane.cluster.x-k8s.io/v1beta1 KubeadmControlPlaneTemplate controlplane.cluster.x-k8s.io/v1beta1.KubeadmControlPlaneTemplate
            kind controlplane.cluster.x-k8s.io/v1beta2 KubeadmControlPlaneTemplate controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate
            kind bootstrap.cluster.x-k8s.io/v1beta1 KubeadmConfig bootstrap.cluster.x-k8s.io/v1beta1.KubeadmConfig
            kind bootstrap.cluster.x-k8s.io/v1beta2 KubeadmConfig bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig
            kind bootstrap.cluster.x-k8s.io/v1beta1 KubeadmConfigTemplate bootstrap.cluster.x-k8s.io/v1beta1.KubeadmConfigTemplate
            kind bootstrap.cluster.x-k8s.io/v1beta2 KubeadmConfigTemplate bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate
            cluster.x-k8s.io/v1beta1.Cluster metadata meta.v1.ObjectMeta
            cluster.x-k8s.io/v1beta1.Cluster spec.availabilityGates map conditionType
            cluster.x-k8s.io/v1beta1.Cluster spec.topology.controlPlane.machineHealthCheck.unhealthyMachineConditions atomic
            cluster.x-k8s.io/v1beta1.Cluster spec.topology.controlPlane.readinessGates map conditionType
            cluster.x-k8s.io/v1beta1.Cluster spec.topology.controlPlane.taints map key,effect
            cluster.x-k8s.io/v1beta1.Cluster spec.topology.controlPlane.variables.overrides map name
            cluster.x-k8s.io/v1beta1.Cluster spec.topology.variables map name
            cluster.x-k8s.io/v1beta1.Cluster spec.topology.workers.machineDeployments map name
            cluster.x-k8s.io/v1beta1.Cluster spec.topology.workers.machineDeployments[*].machineHealthCheck.unhealthyMachineConditions atomic
            cluster.x-k8s.io/v1beta1.Cluster spec.topology.workers.machineDeployments[*].readinessGates map conditionType
            cluster.x-k8s.io/v1beta1.Cluster spec.topology.workers.machineDeployments[*].taints map key,effect
            cluster.x-k8s.io/v1beta1.Cluster spec.topology.workers.machineDeployments[*].variables.overrides map name
            cluster.x-k8s.io/v1beta1.Cluster spec.topology.workers.machinePools map name
            cluster.x-k8s.io/v1beta1.Cluster spec.topology.workers.machinePools[*].taints map key,effect
            cluster.x-k8s.io/v1beta1.Cluster spec.topology.workers.machinePools[*].variables.overrides map name
            cluster.x-k8s.io/v1beta2.Cluster metadata meta.v1.ObjectMeta
            cluster.x-k8s.io/v1beta2.Cluster spec.availabilityGates map conditionType
            cluster.x-k8s.io/v1beta2.Cluster spec.clusterNetwork.pods.cidrBlocks atomic
            cluster.x-k8s.io/v1beta2.Cluster spec.clusterNetwork.services.cidrBlocks atomic
            cluster.x-k8s.io/v1beta2.Cluster spec.topology.controlPlane.healthCheck.checks.unhealthyMachineConditions atomic
            cluster.x-k8s.io/v1beta2.Cluster spec.topology.controlPlane.healthCheck.checks.unhealthyNodeConditions atomic
            cluster.x-k8s.io/v1beta2.Cluster spec.topology.controlPlane.readinessGates map conditionType
            cluster.x-k8s.io/v1beta2.Cluster spec.topology.controlPlane.taints map key,effect
            cluster.x-k8s.io/v1beta2.Cluster spec.topology.controlPlane.variables.overrides map name
            cluster.x-k8s.io/v1beta2.Cluster spec.topology.variables map name
            cluster.x-k8s.io/v1beta2.Cluster spec.topology.workers.machineDeployments map name
            cluster.x-k8s.io/v1beta2.Cluster spec.topology.workers.machineDeployments[*].healthCheck.checks.unhealthyMachineConditions atomic
            cluster.x-k8s.io/v1beta2.Cluster spec.topology.workers.machineDeployments[*].healthCheck.checks.unhealthyNodeConditions atomic
            cluster.x-k8s.io/v1beta2.Cluster spec.topology.workers.machineDeployments[*].readinessGates map conditionType
            cluster.x-k8s.io/v1beta2.Cluster spec.topology.workers.machineDeployments[*].taints map key,effect
            cluster.x-k8s.io/v1beta2.Cluster spec.topology.workers.machineDeployments[*].variables.overrides map name
            cluster.x-k8s.io/v1beta2.Cluster spec.topology.workers.machinePools map name
            cluster.x-k8s.io/v1beta2.Cluster spec.topology.workers.machinePools[*].failureDomains atomic
            cluster.x-k8s.io/v1beta2.Cluster spec.topology.workers.machinePools[*].taints map key,effect
            cluster.x-k8s.io/v1beta2.Cluster spec.topology.workers.machinePools[*].variables.overrides map name
            cluster.x-k8s.io/v1beta1.ClusterClass metadata meta.v1.ObjectMeta
            cluster.x-k8s.io/v1beta1.ClusterClass spec.availabilityGates map conditionType
            cluster.x-k8s.io/v1beta1.ClusterClass spec.controlPlane.machineHealthCheck.unhealthyMachineConditions atomic
            cluster.x-k8s.io/v1beta1.ClusterClass spec.controlPlane.readinessGates map conditionType
            cluster.x-k8s.io/v1beta1.ClusterClass spec.controlPlane.taints map key,effect
            cluster.x-k8s.io/v1beta1.ClusterClass spec.kubernetesVersions atomic
            cluster.x-k8s.io/v1beta1.ClusterClass spec.workers.machineDeployments map class
            cluster.x-k8s.io/v1beta1.ClusterClass spec.workers.machineDeployments[*].machineHealthCheck.unhealthyMachineConditions atomic
            cluster.x-k8s.io/v1beta1.ClusterClass spec.workers.machineDeployments[*].readinessGates map conditionType
            cluster.x-k8s.io/v1beta1.ClusterClass spec.workers.machineDeployments[*].taints map key,effect
            cluster.x-k8s.io/v1beta1.ClusterClass spec.workers.machinePools map class
            cluster.x-k8s.io/v1beta1.ClusterClass spec.workers.machinePools[*].taints map key,effect
            cluster.x-k8s.io/v1beta2.ClusterClass metadata meta.v1.ObjectMeta
            cluster.x-k8s.io/v1beta2.ClusterClass spec.availabilityGates map conditionType
            cluster.x-k8s.io/v1beta2.ClusterClass spec.controlPlane.healthCheck.checks.unhealthyMachineConditions atomic
            cluster.x-k8s.io/v1beta2.ClusterClass spec.controlPlane.healthCheck.checks.unhealthyNodeConditions atomic
            cluster.x-k8s.io/v1beta2.ClusterClass spec.controlPlane.readinessGates map conditionType
            cluster.x-k8s.io/v1beta2.ClusterClass spec.controlPlane.taints map key,effect
            cluster.x-k8s.io/v1beta2.ClusterClass spec.kubernetesVersions atomic
            cluster.x-k8s.io/v1beta2.ClusterClass spec.patches atomic
            cluster.x-k8s.io/v1beta2.ClusterClass spec.variables atomic
            cluster.x-k8s.io/v1beta2.ClusterClass spec.workers.machineDeployments map class
            cluster.x-k8s.io/v1beta2.ClusterClass spec.workers.machineDeployments[*].healthCheck.checks.unhealthyMachineConditions atomic
            cluster.x-k8s.io/v1beta2.ClusterClass spec.workers.machineDeployments[*].healthCheck.checks.unhealthyNodeConditions atomic
            cluster.x-k8s.io/v1beta2.ClusterClass spec.workers.machineDeployments[*].readinessGates map conditionType
            cluster.x-k8s.io/v1beta2.ClusterClass spec.workers.machineDeployments[*].taints map key,effect
            cluster.x-k8s.io/v1beta2.ClusterClass spec.workers.machinePools map class
            cluster.x-k8s.io/v1beta2.ClusterClass spec.workers.machinePools[*].failureDomains atomic
            cluster.x-k8s.io/v1beta2.ClusterClass spec.workers.machinePools[*].taints map key,effect
            cluster.x-k8s.io/v1beta1.MachineDeployment metadata meta.v1.ObjectMeta
            cluster.x-k8s.io/v1beta1.MachineDeployment spec.selector.matchExpressions atomic
            cluster.x-k8s.io/v1beta1.MachineDeployment spec.template.spec.readinessGates map conditionType
            cluster.x-k8s.io/v1beta1.MachineDeployment spec.template.spec.taints map key,effect
            cluster.x-k8s.io/v1beta2.MachineDeployment metadata meta.v1.ObjectMeta
            cluster.x-k8s.io/v1beta2.MachineDeployment spec.selector.matchExpressions atomic
            cluster.x-k8s.io/v1beta2.MachineDeployment spec.template.spec.readinessGates map conditionType
            cluster.x-k8s.io/v1beta2.MachineDeployment spec.template.spec.taints map key,effect
            cluster.x-k8s.io/v1beta1.MachineSet metadata meta.v1.ObjectMeta
            cluster.x-k8s.io/v1beta1.MachineSet spec.selector.matchExpressions atomic
            cluster.x-k8s.io/v1beta1.MachineSet spec.template.spec.readinessGates map conditionType
            cluster.x-k8s.io/v1beta1.MachineSet spec.template.spec.taints map key,effect
            cluster.x-k8s.io/v1beta2.MachineSet metadata meta.v1.ObjectMeta
            cluster.x-k8s.io/v1beta2.MachineSet spec.selector.matchExpressions atomic
            cluster.x-k8s.io/v1beta2.MachineSet spec.template.spec.readinessGates map conditionType
            cluster.x-k8s.io/v1beta2.MachineSet spec.template.spec.taints map key,effect
            cluster.x-k8s.io/v1beta1.Machine metadata meta.v1.ObjectMeta
            cluster.x-k8s.io/v1beta1.Machine spec.readinessGates map conditionType
            cluster.x-k8s.io/v1beta1.Machine spec.taints map key,effect
            cluster.x-k8s.io/v1beta2.Machine metadata meta.v1.ObjectMeta
            cluster.x-k8s.io/v1beta2.Machine spec.readinessGates map conditionType
            cluster.x-k8s.io/v1beta2.Machine spec.taints map key,effect
            cluster.x-k8s.io/v1beta1.MachinePool metadata meta.v1.ObjectMeta
            cluster.x-k8s.io/v1beta1.MachinePool spec.template.spec.readinessGates map conditionType
            cluster.x-k8s.io/v1beta1.MachinePool spec.template.spec.taints map key,effect
            cluster.x-k8s.io/v1beta2.MachinePool metadata meta.v1.ObjectMeta
            cluster.x-k8s.io/v1beta2.MachinePool spec.failureDomains atomic
            cluster.x-k8s.io/v1beta2.MachinePool spec.providerIDList atomic
            cluster.x-k8s.io/v1beta2.MachinePool spec.template.spec.readinessGates map conditionType
            cluster.x-k8s.io/v1beta2.MachinePool spec.template.spec.taints map key,effect
            cluster.x-k8s.io/v1beta1.MachineHealthCheck metadata meta.v1.ObjectMeta
            cluster.x-k8s.io/v1beta1.MachineHealthCheck spec.selector.matchExpressions atomic
            cluster.x-k8s.io/v1beta1.MachineHealthCheck spec.unhealthyMachineConditions atomic
            cluster.x-k8s.io/v1beta2.MachineHealthCheck metadata meta.v1.ObjectMeta
            cluster.x-k8s.io/v1beta2.MachineHealthCheck spec.checks.unhealthyMachineConditions atomic
            cluster.x-k8s.io/v1beta2.MachineHealthCheck spec.checks.unhealthyNodeConditions atomic
            cluster.x-k8s.io/v1beta2.MachineHealthCheck spec.selector.matchExpressions atomic
            controlplane.cluster.x-k8s.io/v1beta1.KubeadmControlPlane metadata meta.v1.ObjectMeta
            controlplane.cluster.x-k8s.io/v1beta1.KubeadmControlPlane spec.machineTemplate.readinessGates map conditionType
            controlplane.cluster.x-k8s.io/v1beta1.KubeadmControlPlane spec.machineTemplate.taints map key,effect
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane metadata meta.v1.ObjectMeta
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.bootCommands atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.clusterConfiguration.apiServer.certSANs atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.clusterConfiguration.apiServer.extraArgs map name,value unique=name
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.clusterConfiguration.apiServer.extraEnvs atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.clusterConfiguration.apiServer.extraVolumes atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.clusterConfiguration.controllerManager.extraArgs map name,value unique=name
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.clusterConfiguration.controllerManager.extraEnvs atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.clusterConfiguration.controllerManager.extraVolumes atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.clusterConfiguration.etcd.external.endpoints atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.clusterConfiguration.etcd.local.extraArgs map name,value unique=name
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.clusterConfiguration.etcd.local.extraEnvs atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.clusterConfiguration.etcd.local.peerCertSANs atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.clusterConfiguration.etcd.local.serverCertSANs atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.clusterConfiguration.scheduler.extraArgs map name,value unique=name
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.clusterConfiguration.scheduler.extraEnvs atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.clusterConfiguration.scheduler.extraVolumes atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.diskSetup.filesystems atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.diskSetup.partitions atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.files atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.initConfiguration.bootstrapTokens atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.initConfiguration.nodeRegistration.ignorePreflightErrors atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.initConfiguration.nodeRegistration.kubeletExtraArgs map name,value unique=name
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.initConfiguration.skipPhases atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.joinConfiguration.discovery.bootstrapToken.caCertHashes atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.joinConfiguration.discovery.file.kubeConfig.user.exec.args atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.joinConfiguration.discovery.file.kubeConfig.user.exec.env atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.joinConfiguration.nodeRegistration.ignorePreflightErrors atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.joinConfiguration.nodeRegistration.kubeletExtraArgs map name,value unique=name
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.joinConfiguration.skipPhases atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.mounts atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.ntp.servers atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.postKubeadmCommands atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.preKubeadmCommands atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.kubeadmConfigSpec.users atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.machineTemplate.spec.readinessGates map conditionType
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane spec.machineTemplate.spec.taints map key,effect
            controlplane.cluster.x-k8s.io/v1beta1.KubeadmControlPlaneTemplate metadata meta.v1.ObjectMeta
            controlplane.cluster.x-k8s.io/v1beta1.KubeadmControlPlaneTemplate spec.template.spec.machineTemplate.taints map key,effect
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate metadata meta.v1.ObjectMeta
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.bootCommands atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.clusterConfiguration.apiServer.certSANs atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.clusterConfiguration.apiServer.extraArgs map name,value unique=name
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.clusterConfiguration.apiServer.extraEnvs atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.clusterConfiguration.apiServer.extraVolumes atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.clusterConfiguration.controllerManager.extraArgs map name,value unique=name
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.clusterConfiguration.controllerManager.extraEnvs atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.clusterConfiguration.controllerManager.extraVolumes atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.clusterConfiguration.etcd.external.endpoints atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.clusterConfiguration.etcd.local.extraArgs map name,value unique=name
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.clusterConfiguration.etcd.local.extraEnvs atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.clusterConfiguration.etcd.local.peerCertSANs atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.clusterConfiguration.etcd.local.serverCertSANs atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.clusterConfiguration.scheduler.extraArgs map name,value unique=name
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.clusterConfiguration.scheduler.extraEnvs atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.clusterConfiguration.scheduler.extraVolumes atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.diskSetup.filesystems atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.diskSetup.partitions atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.files atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.initConfiguration.bootstrapTokens atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.initConfiguration.nodeRegistration.ignorePreflightErrors atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.initConfiguration.nodeRegistration.kubeletExtraArgs map name,value unique=name
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.initConfiguration.skipPhases atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.joinConfiguration.discovery.bootstrapToken.caCertHashes atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.joinConfiguration.discovery.file.kubeConfig.user.exec.args atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.joinConfiguration.discovery.file.kubeConfig.user.exec.env atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.joinConfiguration.nodeRegistration.ignorePreflightErrors atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.joinConfiguration.nodeRegistration.kubeletExtraArgs map name,value unique=name
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.joinConfiguration.skipPhases atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.mounts atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.ntp.servers atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.postKubeadmCommands atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.preKubeadmCommands atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.kubeadmConfigSpec.users atomic
            controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlaneTemplate spec.template.spec.machineTemplate.spec.taints map key,effect
            bootstrap.cluster.x-k8s.io/v1beta1.KubeadmConfig metadata meta.v1.ObjectMeta
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig metadata meta.v1.ObjectMeta
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.bootCommands atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.clusterConfiguration.apiServer.certSANs atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.clusterConfiguration.apiServer.extraArgs map name,value unique=name
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.clusterConfiguration.apiServer.extraEnvs atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.clusterConfiguration.apiServer.extraVolumes atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.clusterConfiguration.controllerManager.extraArgs map name,value unique=name
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.clusterConfiguration.controllerManager.extraEnvs atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.clusterConfiguration.controllerManager.extraVolumes atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.clusterConfiguration.etcd.external.endpoints atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.clusterConfiguration.etcd.local.extraArgs map name,value unique=name
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.clusterConfiguration.etcd.local.extraEnvs atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.clusterConfiguration.etcd.local.peerCertSANs atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.clusterConfiguration.etcd.local.serverCertSANs atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.clusterConfiguration.scheduler.extraArgs map name,value unique=name
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.clusterConfiguration.scheduler.extraEnvs atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.clusterConfiguration.scheduler.extraVolumes atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.diskSetup.filesystems atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.diskSetup.partitions atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.files atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.initConfiguration.bootstrapTokens atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.initConfiguration.nodeRegistration.ignorePreflightErrors atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.initConfiguration.nodeRegistration.kubeletExtraArgs map name,value unique=name
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.initConfiguration.skipPhases atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.joinConfiguration.discovery.bootstrapToken.caCertHashes atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.joinConfiguration.discovery.file.kubeConfig.user.exec.args atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.joinConfiguration.discovery.file.kubeConfig.user.exec.env atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.joinConfiguration.nodeRegistration.ignorePreflightErrors atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.joinConfiguration.nodeRegistration.kubeletExtraArgs map name,value unique=name
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.joinConfiguration.skipPhases atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.mounts atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.ntp.servers atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.postKubeadmCommands atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.preKubeadmCommands atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfig spec.users atomic
            bootstrap.cluster.x-k8s.io/v1beta1.KubeadmConfigTemplate metadata meta.v1.ObjectMeta
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate metadata meta.v1.ObjectMeta
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.bootCommands atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.clusterConfiguration.apiServer.certSANs atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.clusterConfiguration.apiServer.extraArgs map name,value unique=name
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.clusterConfiguration.apiServer.extraEnvs atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.clusterConfiguration.apiServer.extraVolumes atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.clusterConfiguration.controllerManager.extraArgs map name,value unique=name
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.clusterConfiguration.controllerManager.extraEnvs atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.clusterConfiguration.controllerManager.extraVolumes atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.clusterConfiguration.etcd.external.endpoints atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.clusterConfiguration.etcd.local.extraArgs map name,value unique=name
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.clusterConfiguration.etcd.local.extraEnvs atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.clusterConfiguration.etcd.local.peerCertSANs atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.clusterConfiguration.etcd.local.serverCertSANs atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.clusterConfiguration.scheduler.extraArgs map name,value unique=name
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.clusterConfiguration.scheduler.extraEnvs atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.clusterConfiguration.scheduler.extraVolumes atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.diskSetup.filesystems atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.diskSetup.partitions atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.files atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.initConfiguration.bootstrapTokens atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.initConfiguration.nodeRegistration.ignorePreflightErrors atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.initConfiguration.nodeRegistration.kubeletExtraArgs map name,value unique=name
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.initConfiguration.skipPhases atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.joinConfiguration.discovery.bootstrapToken.caCertHashes atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.joinConfiguration.discovery.file.kubeConfig.user.exec.args atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.joinConfiguration.discovery.file.kubeConfig.user.exec.env atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.joinConfiguration.nodeRegistration.ignorePreflightErrors atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.joinConfiguration.nodeRegistration.kubeletExtraArgs map name,value unique=name
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.joinConfiguration.skipPhases atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.mounts atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.ntp.servers atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.postKubeadmCommands atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.preKubeadmCommands atomic
            bootstrap.cluster.x-k8s.io/v1beta2.KubeadmConfigTemplate spec.template.spec.users atomic
            """;
}
