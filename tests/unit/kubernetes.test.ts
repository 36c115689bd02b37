/**
 * deploy/kubernetes: every manifest valid against the Kubernetes API schemas
 * (kubernetes-models, offline), and the numbers the rolling deploy relies on
 * consistent with each other. The schemas, like the API, accept fields they do
 * not know; the policy checks below read every field the deploy depends on, so a
 * misspelt one fails there.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Deployment } from "kubernetes-models/apps/v1/Deployment";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1/PodDisruptionBudget";
import { Service } from "kubernetes-models/v1/Service";
import { describe, expect, test } from "vitest";
import { parse, parseAllDocuments } from "yaml";

const DIR = "deploy/kubernetes";

const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  "apps/v1 Deployment": Deployment,
  "v1 Service": Service,
  "policy/v1 PodDisruptionBudget": PodDisruptionBudget,
  "autoscaling/v2 HorizontalPodAutoscaler": HorizontalPodAutoscaler,
};

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  // The fields read below; the schemas check the rest.
  spec: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const kustomization = readYaml("kustomization.yaml")[0] as { resources: string[] };
const manifests = kustomization.resources.flatMap((file) => readYaml(file) as Manifest[]);
const byKind = (kind: string) => manifests.find((m) => m.kind === kind)!;

function readYaml(file: string): unknown[] {
  return parseAllDocuments(readFileSync(join(DIR, file), "utf8")).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0]!.message}`);
    return doc.toJS();
  });
}

function validate(manifest: Manifest): void {
  const Model = MODELS[`${manifest.apiVersion} ${manifest.kind}`];
  if (!Model) throw new Error(`no schema for ${manifest.apiVersion} ${manifest.kind}`);
  new Model(manifest as never).validate();
}

describe("schemas", () => {
  test("kustomization.yaml lists every manifest in the folder", () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith(".yaml") && f !== "kustomization.yaml");
    expect([...kustomization.resources].sort()).toEqual(files.sort());
  });

  test.each(manifests.map((m) => [`${m.kind} ${m.metadata.name}`, m] as const))(
    "%s is valid",
    (_, manifest) => {
      expect(() => validate(manifest)).not.toThrow();
    },
  );

  test.each([
    ["replicas as text", (d: Manifest) => (d.spec.replicas = "three"), /replicas must be integer/],
    [
      "a port by name where a number is due",
      (d: Manifest) => (d.spec.template.spec.containers[0].ports[0].containerPort = "http"),
      /containerPort must be integer/,
    ],
    ["no selector", (d: Manifest) => delete d.spec.selector, /required property selector/],
  ])("a Deployment with %s is refused", (_, spoil, message) => {
    const deployment = structuredClone(byKind("Deployment"));
    spoil(deployment);
    expect(() => validate(deployment)).toThrow(message);
  });

  test("a kind without a schema is refused", () => {
    expect(() => validate({ ...byKind("Service"), kind: "Servise" })).toThrow(/no schema/);
  });
});

describe("the rolling deploy's numbers", () => {
  const deployment = byKind("Deployment");
  const pod = deployment.spec.template.spec;
  const app = pod.containers[0];
  const env: Record<string, string> = Object.fromEntries(
    (app.env as { name: string; value: string }[]).map((e) => [e.name, e.value]),
  );
  const ms = (name: string) => Number(env[name]);

  test("no pod is taken down before its replacement is ready", () => {
    expect(deployment.spec.strategy).toEqual({
      type: "RollingUpdate",
      rollingUpdate: { maxUnavailable: 0, maxSurge: 1 },
    });
  });

  test("readiness on /readyz and liveness on /healthz, on the app's port", () => {
    expect(app.ports).toEqual([{ name: "http", containerPort: 3000 }]);
    expect(app.readinessProbe.httpGet).toEqual({ path: "/readyz", port: "http" });
    expect(app.livenessProbe.httpGet).toEqual({ path: "/healthz", port: "http" });
  });

  test("the drain outlasts readiness, and the grace period outlasts the drain", () => {
    const readinessMs =
      app.readinessProbe.periodSeconds * app.readinessProbe.failureThreshold * 1000;
    expect(ms("SHUTDOWN_DELAY_MS")).toBeGreaterThan(readinessMs);
    expect(ms("SHUTDOWN_TIMEOUT_MS")).toBeGreaterThan(ms("SHUTDOWN_DELAY_MS"));
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(ms("SHUTDOWN_TIMEOUT_MS"));
  });

  test("read-only root, not root, with a memory limit", () => {
    expect(app.securityContext.readOnlyRootFilesystem).toBe(true);
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(app.resources.limits.memory).toMatch(/^\d+Mi$/);
    expect(app.resources.requests.memory).toMatch(/^\d+Mi$/);
  });

  test("memory: request equals limit, the size the cold burst was measured in, as compose gives it", () => {
    const compose = parse(readFileSync("docker-compose.yml", "utf8"));
    expect(app.resources.requests.memory).toBe(app.resources.limits.memory);
    expect(app.resources.limits.memory).toBe("256Mi");
    expect(compose.services.app.mem_limit).toBe("${APP_MEMORY:-256m}");
    expect(compose.services.app.memswap_limit).toBe(compose.services.app.mem_limit);
  });

  test("the image cache is on a volume, the only writable place under a read-only root", () => {
    const mount = (app.volumeMounts as { name: string; mountPath: string }[]).find((m) =>
      env.IMAGE_CACHE_DIR!.startsWith(`${m.mountPath}/`),
    );
    expect(mount).toBeDefined();
    const volume = pod.volumes.find((v: { name: string }) => v.name === mount!.name);
    expect(volume.emptyDir.sizeLimit).toMatch(/^\d+Mi$/);
  });

  test("the Service, the budget and the autoscaler point at the Deployment", () => {
    const labels = deployment.spec.template.metadata.labels;
    expect(deployment.spec.selector.matchLabels).toEqual(labels);
    expect(byKind("Service").spec.selector).toEqual(labels);
    expect(byKind("Service").spec.ports[0].targetPort).toBe("http");
    expect(byKind("PodDisruptionBudget").spec.selector.matchLabels).toEqual(labels);
    expect(byKind("HorizontalPodAutoscaler").spec.scaleTargetRef).toEqual({
      apiVersion: deployment.apiVersion,
      kind: "Deployment",
      name: deployment.metadata.name,
    });
  });

  test("the autoscaler owns the replica count, and a node drain can always evict one pod", () => {
    expect(deployment.spec.replicas).toBeUndefined();
    const { minReplicas } = byKind("HorizontalPodAutoscaler").spec;
    const { minAvailable, maxUnavailable } = byKind("PodDisruptionBudget").spec;
    // Counts, not percentages: the sums below need them.
    const mustStay = minAvailable ?? minReplicas - maxUnavailable;
    expect(Number.isInteger(mustStay)).toBe(true);
    expect(minReplicas).toBeGreaterThanOrEqual(mustStay + 1);
    expect(mustStay).toBeGreaterThanOrEqual(2);
  });
});
