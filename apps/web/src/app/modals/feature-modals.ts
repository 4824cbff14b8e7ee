/*
 * Every feature's modals, registered with the modal outlet once, when the shell loads. A feature
 * with modals registers them in its own `<feature>-modals.ts`; one line here brings them in.
 */
import '../../features/auth/auth-modals.ts';
