/**
 * Radix's menus and dialogs, loaded when first wanted (docs/decisions/019 "Less script"). Their code
 * (Radix's menu, dialog, focus trap, scroll lock and Floating UI: about 30 KiB gzip) was the largest
 * part of a first screen's libraries after React's, yet a first screen shows every menu and dialog
 * closed. So a first screen draws the triggers alone; the code is fetched when a trigger is first
 * pointed at, focused or pressed, or a controlled root is first asked open, and the menu or dialog
 * then opens as Radix's.
 *
 * The parts keep the names and props of the `*-radix.tsx` module they stand for (what loads). Until
 * it has loaded: the root draws its children; a trigger draws a plain button (or its child, with
 * `asChild`) saying what it opens; every other part draws nothing, as a closed menu or dialog shows
 * nothing. A trigger pressed while the code is on its way opens it once it is there. The server draws
 * the same (docs/decisions/019), so the page hydrates without a mismatch.
 */
import { Slot } from "@radix-ui/react-slot";
import {
  type ComponentType,
  type Context,
  createContext,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";

// biome-ignore lint/suspicious/noExplicitAny: a part stands for any of the module's components
type Part = ComponentType<any>;

interface OnDemand {
  /** The module's parts, once loaded. */
  parts: Record<string, Part> | null;
  /** The trigger was pressed: open once loaded. */
  open: () => void;
  /** Start loading, as a press may follow. */
  prefetch: () => void;
}

interface RootProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: ReactNode;
}

interface TriggerProps {
  asChild?: boolean;
  children?: ReactNode;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
}

/** A module loaded once and kept; a failed load is tried again on the next call. */
interface OnceLoaded<M> {
  /** The module, once loaded. */
  current: () => M | null;
  fetch: () => Promise<M>;
}

function onceLoaded<M>(load: () => Promise<M>): OnceLoaded<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  return {
    current: () => loaded,
    fetch: () => {
      loading ??= load().then(
        (module) => {
          loaded = module;
          return module;
        },
        (error: unknown) => {
          // Not fetched (offline, a deployment replaced): the next press tries again.
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
}

/** The family's root: its children until the module is wanted and loaded, then Radix's root. */
function rootFor(Parts: Context<OnDemand | null>, module: OnceLoaded<unknown>, name: string) {
  return function Root(props: RootProps) {
    // Loaded by an earlier page: drawn as Radix's at once. Never during hydration: nothing loads
    // before the app has taken the page over, and the server never loads it.
    const [parts, setParts] = useState(() => module.current() as Record<string, Part> | null);
    const [pressed, setPressed] = useState(false);
    const wanted = pressed || props.open === true || props.defaultOpen === true;
    useEffect(() => {
      if (!wanted || parts) return;
      let current = true;
      module.fetch().then(
        (loaded) => current && setParts(loaded as Record<string, Part>),
        () => current && setPressed(false),
      );
      return () => {
        current = false;
      };
    }, [wanted, parts]);
    const { onOpenChange } = props;
    const value = useMemo<OnDemand>(
      () => ({
        parts,
        open: () => {
          setPressed(true);
          // A controlled root opens through its owner's state.
          onOpenChange?.(true);
        },
        prefetch: () => void module.fetch().catch(() => undefined),
      }),
      [parts, onOpenChange],
    );
    const Radix = parts?.[name];
    return (
      <Parts.Provider value={value}>
        {Radix ? <Radix {...props} defaultOpen={props.defaultOpen || pressed} /> : props.children}
      </Parts.Provider>
    );
  };
}

/** The family's trigger: a plain button saying what it opens until the module is there, then Radix's. */
function triggerFor(Parts: Context<OnDemand | null>, name: string, popup: "menu" | "dialog") {
  return function Trigger({ asChild, onClick, ...props }: TriggerProps & Record<string, unknown>) {
    const context = useContext(Parts);
    const Radix = context?.parts?.[name];
    if (Radix) return <Radix asChild={asChild} onClick={onClick} {...props} />;
    const Plain = asChild ? Slot : "button";
    return (
      <Plain
        {...(asChild ? {} : { type: "button" })}
        aria-haspopup={popup}
        aria-expanded={false}
        data-state="closed"
        {...props}
        onClick={(event: MouseEvent<HTMLButtonElement>) => {
          onClick?.(event);
          if (!event.defaultPrevented) context?.open();
        }}
        // A menu opens on the press itself, as Radix's trigger does (its dialogs on the click): the
        // page may move between a press and its click, and the click then lands elsewhere.
        onPointerDown={
          popup === "menu"
            ? (event: PointerEvent<HTMLButtonElement>) => {
                if (event.button !== 0 || event.ctrlKey || props.disabled) return;
                context?.open();
                // The menu takes the focus once open; the trigger keeps it meanwhile.
                event.preventDefault();
              }
            : undefined
        }
        onPointerEnter={context?.prefetch}
        onFocus={context?.prefetch}
      />
    );
  };
}

/**
 * The on-demand parts of one Radix family.
 * @param load imports the `*-radix.tsx` module (a dynamic import, so that it is a chunk of its own)
 * @param names the module's root and trigger exports
 * @param popup what the trigger opens, as its `aria-haspopup` says (Radix's trigger says the same)
 * @returns `Root` and `Trigger` for those exports, and `part(name)` for every other export
 */
export function onDemand<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  names: { root: keyof M & string; trigger: keyof M & string },
  popup: "menu" | "dialog",
) {
  const Family = createContext<OnDemand | null>(null);

  /** The module's `name` export, drawn once the module has loaded; nothing before. */
  function part<K extends keyof M & string>(name: K): M[K] {
    // biome-ignore lint/correctness/noComponentHookFactories: made once per family when its module loads, never during a render
    function OnDemandPart(props: Record<string, unknown>) {
      const Radix = useContext(Family)?.parts?.[name];
      return Radix ? <Radix {...props} /> : null;
    }
    OnDemandPart.displayName = name;
    return OnDemandPart as unknown as M[K];
  }

  return {
    Root: rootFor(Family, onceLoaded(load), names.root) as unknown as M[typeof names.root],
    Trigger: triggerFor(Family, names.trigger, popup) as unknown as M[typeof names.trigger],
    part,
  };
}
