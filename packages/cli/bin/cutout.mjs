#!/usr/bin/env node
// The repository runs TypeScript from source: register tsx in this process and run the command.
// In-process (not a child) so that Ctrl-C reaches the command itself and its exit code is ours.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
