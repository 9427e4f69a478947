// zod compiles a fast parser per object schema with new Function on first use; a CLI run parses one
// config once, so the compiling costs more than it saves (and is not in V8's code cache). zod reads
// the switch when each schema is built, so this module must be imported before any schema module.
import { config } from "zod";

config({ jitless: true });
