// ESLint flat config: typescript-eslint's recommended rules on the source, tests and scripts, and
// eslint-plugin-regexp's recommended rules, with the two that find regular expressions whose time
// grows faster than their input (catastrophic backtracking) as errors: every regex here may see a
// user's config, model file or command line.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import regexp from "eslint-plugin-regexp";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "schema/", "bench/out/", "coverage/", ".tmp/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  regexp.configs["flat/recommended"],
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
      "regexp/no-super-linear-backtracking": "error",
      "regexp/no-super-linear-move": "error",
      // Off: zod's regexes become JSON Schema patterns, which carry no flags, so [a-zA-Z] cannot be
      // written [a-z] with /i there.
      "regexp/use-ignore-case": "off",
    },
  },
);
