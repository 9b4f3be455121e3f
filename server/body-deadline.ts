import type { RequestHandler } from "express";

/** Stops a timer that `schedule` started. */
type Cancel = () => void;

export interface BodyDeadlineOptions {
  /** How long this request's body may take to arrive whole, in ms. */
  deadlineMs: (req: Parameters<RequestHandler>[0]) => number;
  /** How long the rest of a body may take once the answer went out before it (a refused post). */
  afterAnswerMs: number;
  /** Tests pass their own clock; the server uses setTimeout. */
  schedule?: (run: () => void, ms: number) => Cancel;
}

const realSchedule = (run: () => void, ms: number): Cancel => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

const TOO_SLOW = "The form took too long to arrive. Go back and send it again.";

/**
 * A deadline per request body instead of Node's one `server.requestTimeout` for all: a form's body
 * gets 30 s, an editor's photo on a slow phone connection minutes (docs/decisions/060-editor-bodies.md).
 * A body still arriving at its deadline is answered 408 and its connection closed. When the answer
 * went out before the body arrived whole (a refused post: signed out, another origin, too large), the
 * rest gets `afterAnswerMs`, so nobody holds a connection open by sending slowly to an address with
 * a long deadline.
 */
export function bodyDeadline({
  deadlineMs,
  afterAnswerMs,
  schedule = realSchedule,
}: BodyDeadlineOptions): RequestHandler {
  return (req, res, next) => {
    const hasBody = Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
    if (!hasBody || req.complete) return next();
    let arrived = false;
    let cancel = schedule(() => {
      if (arrived || res.headersSent) return;
      res.setHeader("Connection", "close");
      res.status(408).type("text/plain").send(TOO_SLOW);
    }, deadlineMs(req));
    req.on("end", () => {
      arrived = true;
      cancel();
    });
    res.on("finish", () => {
      cancel();
      if (arrived) return;
      cancel = schedule(() => {
        if (!arrived) req.socket.destroy();
      }, afterAnswerMs);
    });
    res.on("close", () => {
      if (arrived || res.writableFinished) return;
      cancel();
    });
    next();
  };
}
