import type { Transactor } from '../db/transactions.ts';

/** What a step's answer adds to the context: its fields, or nothing when it answers nothing. */
export type With<Context, Output> = Output extends object ? Context & Output : Context;

export interface Step<Context, Output> {
  /** What the step does, in the product's words: logged when its compensation fails. */
  name: string;
  run(context: Context): Promise<Output>;
  /** Undoes `run` when a later step fails; gets the context with what `run` answered. */
  compensate?(context: With<Context, Output>): Promise<void>;
}

/** Told when a compensation fails: the flow still compensates the others and throws its own error. */
export interface WorkflowLog {
  error(details: object, message: string): void;
}

type AnyStep = Step<object, unknown>;

/** A plain step, or the steps of one transaction. */
interface Stage {
  transaction: string | null;
  steps: AnyStep[];
}

interface WorkflowOptions {
  name: string;
  transactor: Pick<Transactor, 'run'>;
  log: WorkflowLog;
}

/** The steps of one transaction, added in order. */
export interface TransactionSteps<Context extends object> {
  step<Output>(step: Step<Context, Output>): TransactionSteps<With<Context, Output>>;
}

export interface WorkflowBuilder<Input extends object, Context extends object> {
  step<Output>(step: Step<Context, Output>): WorkflowBuilder<Input, With<Context, Output>>;
  /** Steps that commit together or not at all. */
  transaction<Next extends object>(
    name: string,
    steps: (group: TransactionSteps<Context>) => TransactionSteps<Next>,
  ): WorkflowBuilder<Input, Next>;
  /** Ends the definition: what a run answers, picked from the final context. */
  returning<Result>(pick: (context: Context) => Result): Workflow<Input, Result>;
}

export interface Workflow<Input, Result> {
  readonly name: string;
  /** The names of the steps in order, a transaction's as `name › step`. */
  readonly steps: readonly string[];
  run(input: Input): Promise<Result>;
}

/**
 * A flow across modules as named steps (a removal's hold → engine → capture; later checkout →
 * payment → fulfilment). Each step adds what it answers to the flow's context for the steps after
 * it. When a step fails, the steps that ended before it are compensated in reverse order and the
 * step's error goes on to the caller unchanged.
 *
 * The workflow decides the transactions: a plain step runs on its own (a service it calls may open
 * and commit its own transaction); `transaction` runs its steps in one transaction that every
 * module's repo joins (see Transactor). A failure inside it rolls all of them back, so they are not
 * compensated; once it has committed, a later failure compensates them like any other step.
 *
 * Steps should be idempotent by a natural key (the ledger's keys), so that a flow run again posts
 * nothing twice. Run a workflow outside any transaction, or its boundaries fold into that one.
 *
 * `defineWorkflow<Input>(...).step(...).transaction(...).returning(...)`.
 */
export function defineWorkflow<Input extends object>(
  options: WorkflowOptions,
): WorkflowBuilder<Input, Input> {
  return builder<Input, Input>(options, []);
}

function builder<Input extends object, Context extends object>(
  options: WorkflowOptions,
  stages: Stage[],
): WorkflowBuilder<Input, Context> {
  return {
    step: (step) => builder(options, [...stages, { transaction: null, steps: [step as AnyStep] }]),
    transaction(name, define) {
      const steps: AnyStep[] = [];
      const group: TransactionSteps<object> = {
        step(step) {
          steps.push(step as AnyStep);
          return group as never;
        },
      };
      define(group as TransactionSteps<Context>);
      return builder(options, [...stages, { transaction: name, steps }]);
    },
    returning: (pick) => ({
      name: options.name,
      steps: stages.flatMap((stage) =>
        stage.steps.map((step) => (stage.transaction ? `${stage.transaction} › ${step.name}` : step.name)),
      ),
      run: (input) => runStages(options, stages, input).then((context) => pick(context as Context)),
    }),
  };
}

async function runStages(options: WorkflowOptions, stages: Stage[], input: object): Promise<object> {
  let context: object = { ...input };
  /** The steps that ended, each with the context its compensation gets. */
  const ended: Array<{ step: AnyStep; context: object }> = [];
  const runSteps = async (steps: AnyStep[], into: typeof ended) => {
    for (const step of steps) {
      const output = await step.run(context);
      if (output !== null && typeof output === 'object') context = { ...context, ...output };
      into.push({ step, context });
    }
  };
  try {
    for (const stage of stages) {
      if (!stage.transaction) {
        await runSteps(stage.steps, ended);
        continue;
      }
      // Only a committed transaction's steps are compensated: a rollback undid the others.
      const committed: typeof ended = [];
      await options.transactor.run(() => runSteps(stage.steps, committed));
      ended.push(...committed);
    }
    return context;
  } catch (error) {
    for (const { step, context: stepContext } of ended.reverse()) {
      if (!step.compensate) continue;
      try {
        await step.compensate(stepContext);
      } catch (compensationError) {
        options.log.error(
          { workflow: options.name, step: step.name, err: compensationError, cause: error },
          `workflow "${options.name}": compensating "${step.name}" failed`,
        );
      }
    }
    throw error;
  }
}
