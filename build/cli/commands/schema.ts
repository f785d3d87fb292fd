import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { declareOptions, parseOptions, type OptionSpec } from '../option-spec.ts';
import { sceneJsonSchema } from '../../scene/parse.ts';
import { SCENE_SCHEMA_NAME, SCENES_DIR } from '../../node/io/load-scene.ts';
import { writeStdout } from '../../node/io/write-stdout.ts';

/** Where the scene files' `$schema` points. */
export const SCENE_SCHEMA_FILE = join(SCENES_DIR, SCENE_SCHEMA_NAME);

export const sceneSchemaText = (): string => `${JSON.stringify(sceneJsonSchema(), null, 2)}\n`;

/** `eye schema`: the scene files' JSON Schema, made from the one declaration of the scene options. */
export const SCHEMA_OPTIONS = {
  write: { flags: '--write', doc: 'write scenes/scene.schema.json instead of printing it', default: false },
} satisfies Record<string, OptionSpec<unknown>>;

export function registerSchema(program: Command): void {
  const cmd = program
    .command('schema')
    .description("Print the scene files' JSON Schema (made from the scene options' one declaration); --write puts it in scenes/scene.schema.json, which every scene file names in $schema.");
  declareOptions(cmd, SCHEMA_OPTIONS).action((raw: Record<string, unknown>) => {
      const opts = parseOptions(SCHEMA_OPTIONS, raw);
      if (opts.write) writeFileSync(SCENE_SCHEMA_FILE, sceneSchemaText());
      else writeStdout(sceneSchemaText());
    });
}
