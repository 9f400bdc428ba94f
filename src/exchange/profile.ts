/** The account profile, used as the cheap private call that checks a key. */
import type { Transport } from "./http.ts";
import { ProfileBrief } from "./schemas.ts";

/** Operations on the profile. */
export function profileApi(http: Transport) {
  return {
    /** A short profile; succeeding proves the key is valid (read-only keys included). */
    brief: async () => http.request("profile.brief", { schema: ProfileBrief }),
  };
}
