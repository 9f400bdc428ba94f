/** The vault's memo of decrypted secrets: only for the very record, user and field; dropped; bounded. */
import { describe, expect, it } from "vitest";
import { OpenedSecrets } from "../../src/vault/opened-secrets.ts";

describe("OpenedSecrets", () => {
  it("gives a secret back only for the record, user and field it came from", () => {
    const opened = new OpenedSecrets();
    opened.set(1, "api_key", "v1.A.x.y.z", "secret");
    expect(opened.get(1, "api_key", "v1.A.x.y.z")).toBe("secret");
    expect(opened.get(1, "api_key", "v1.A.x.y.Z")).toBeUndefined();
    expect(opened.get(2, "api_key", "v1.A.x.y.z")).toBeUndefined();
    expect(opened.get(1, "other", "v1.A.x.y.z")).toBeUndefined();
    opened.drop(1, "api_key");
    expect(opened.get(1, "api_key", "v1.A.x.y.z")).toBeUndefined();
  });

  it("keeps at most 4,096 secrets: the next one starts afresh", () => {
    const opened = new OpenedSecrets();
    for (let user = 1; user <= 4096; user++) opened.set(user, "api_key", `r${user}`, `s${user}`);
    // Replacing a user's secret does not count twice.
    opened.set(4096, "api_key", "r4096b", "s4096b");
    expect(opened.get(1, "api_key", "r1")).toBe("s1");
    expect(opened.get(4096, "api_key", "r4096b")).toBe("s4096b");
    opened.set(4097, "api_key", "r4097", "s4097");
    expect(opened.get(1, "api_key", "r1")).toBeUndefined();
    expect(opened.get(4097, "api_key", "r4097")).toBe("s4097");
  });
});
