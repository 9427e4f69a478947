// Every rule, in the order they run. Each concern is its own module with its own test file.
import type { Rule } from "../engine/types.js";
import { storageChin } from "./storage-chin.js";

export const RULES: readonly Rule[] = [storageChin];
