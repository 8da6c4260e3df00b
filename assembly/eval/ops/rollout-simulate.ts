import { JsonOut } from "../../rollout/jsonout";
import { RolloutRequest } from "../../rollout/request";
export function opSimulate(r: RolloutRequest, out: JsonOut): bool { return false; }
