import { data, Form, Link, redirect } from "react-router";
import { cents, formatMoney, type Currency } from "../../../domain/money";
import { cookieString, cookieValue } from "../../../domain/cookie-string";
import { ROUTES } from "../../../domain/routes";
import { QUIZ_COOKIE } from "../../../domain/storage-keys";
import { formAnswer, formAnswerHeaders } from "../../lib/form-answer";
import { canonicalUrl, pageMeta } from "../../lib/page-meta";
import type { Route } from "./+types/quiz";
import "../../blocks/blocks.css";
import "../../components/content/quiz.css";

export const headers: Route.HeadersFunction = formAnswerHeaders;

/**
 * The quiz "Is DS-01® right for you?" inside the shell. Each step is a plain form posted to this route, so the quiz
 * works before JavaScript loads; after, React Router posts the same form. The action saves the step through the survey
 * service behind POST /survey/{name}/survey-answers/ (context.quiz), which also records Quiz Started and the step
 * events on the server. The address carries the user-survey id and the step: ?id=…&step=3, ?id=…&step=email, ?id=…&result.
 */
type View =
  | { kind: "landing" }
  | { kind: "question"; index: number }
  | { kind: "email" }
  | { kind: "result" };

const quizPath = (id: string, rest: string) => `${ROUTES.quiz}?id=${encodeURIComponent(id)}&${rest}`;

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // A visitor who left the quiz comes back to where they were: this browser's answers, kept in a cookie (issue 34).
  const kept = url.searchParams.has("id") ? null : keptSurveyId(request);
  const id = url.searchParams.get("id") ?? kept;
  const survey = await context.quiz.load(id);
  const definition = context.quiz.definition;
  const emailOptional = context.flags["data-quiz-email-optional"];
  const total = definition.questions.length;
  // data-is-quiz-lp-control: the control of the quiz landing test opens on a landing screen (what the quiz is, how long,
  // what it gives) with one Start button; without it the first question is the landing (ADR 0062).
  const landing = context.flags["data-is-quiz-lp-control"] && !survey && !url.searchParams.has("step");
  let view: View = landing ? { kind: "landing" } : { kind: "question", index: 0 };
  if (survey) {
    const firstOpen = survey.nextQuestion ? definition.questions.findIndex((q) => q.id === survey.nextQuestion) : total;
    const step = url.searchParams.get("step");
    const asked = step && /^\d{1,2}$/.test(step) ? Number(step) - 1 : null;
    if (asked !== null && asked >= 0 && asked < total && asked <= firstOpen) view = { kind: "question", index: asked };
    else if (!survey.complete) view = { kind: "question", index: firstOpen };
    else if (!survey.emailGiven && (step === "email" || !emailOptional || !url.searchParams.has("result"))) view = { kind: "email" };
    else view = { kind: "result" };
  }
  return {
    definition,
    survey,
    view,
    emailOptional,
    lost: id !== null && kept === null && survey === null,
    url: canonicalUrl(request),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const field = (name: string) => (typeof form.get(name) === "string" ? String(form.get(name)) : "");
  const id = field("id") || null;
  const emailOptional = context.flags["data-quiz-email-optional"];
  if (field("intent") === "skip-email") {
    if (id && emailOptional) throw redirect(quizPath(id, "result"));
    return data({ error: "Enter your email to see your result.", question: "email" }, { status: 400 });
  }
  if (field("intent") === "email") {
    if (!id) throw redirect(ROUTES.quiz);
    const email = field("email").trim();
    if (!email && !emailOptional) return data({ error: "Enter your email to see your result.", question: "email" }, { status: 400 });
    if (!email) throw redirect(quizPath(id, "result"));
    const outcome = await context.quiz.answer({ id, answers: {}, email });
    if (!outcome.ok) return data({ error: outcome.message, question: "email" }, formAnswer(outcome));
    throw redirect(quizPath(id, "result"));
  }
  const question = field("question");
  const index = context.quiz.definition.questions.findIndex((q) => q.id === question);
  const choices = form.getAll("answer").filter((v): v is string => typeof v === "string");
  if (index === -1) return data({ error: "That question is not part of this quiz. Start again from the first question.", question }, { status: 400 });
  if (choices.length === 0) return data({ error: "Choose an answer to continue.", question }, { status: 400 });
  const outcome = await context.quiz.answer({ id, answers: { [question]: choices } });
  if (!outcome.ok) return data({ error: outcome.message, question }, formAnswer(outcome));
  const survey = outcome.survey;
  const total = context.quiz.definition.questions.length;
  const keep = { headers: { "Set-Cookie": keepSurveyCookie(request, survey.id) } };
  if (index + 1 < total) throw redirect(quizPath(survey.id, `step=${index + 2}`), keep);
  throw redirect(quizPath(survey.id, survey.emailGiven ? "result" : "step=email"), keep);
}

const SURVEY_ID = /^[0-9a-f-]{36}$/i;
const KEEP_DAYS = 30;

function keptSurveyId(request: Request): string | null {
  const id = cookieValue(request.headers.get("Cookie"), QUIZ_COOKIE);
  return id && SURVEY_ID.test(id) ? id : null;
}

/** HttpOnly, and Secure at the https public origin (cookieString): only this route reads it. */
const keepSurveyCookie = (request: Request, id: string) => cookieString(QUIZ_COOKIE, id, { maxAgeS: KEEP_DAYS * 86_400, httpOnly: true, protocol: new URL(request.url).protocol });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(
    {
      title: "Is DS-01® right for you? Take the 2-minute quiz",
      description: "Six short questions about your gut and your goals. We suggest where to start, with 25% off your first month of DS-01®.",
    },
    loaderData?.url,
  ),
  ...(loaderData?.survey ? [{ name: "robots", content: "noindex" }] : []),
];

export default function Quiz({ loaderData, actionData }: Route.ComponentProps) {
  const { definition, survey, view, emailOptional, lost } = loaderData;
  const total = definition.questions.length;
  return (
    <main id="main" className="content-page">
      <div className="quiz">
        {view.kind === "landing" ? (
          <QuizLanding title={definition.title} intro={definition.intro} total={total} />
        ) : view.kind === "question" && view.index === 0 ? (
          <>
            <h1 className="page-title">{definition.title}</h1>
            <p className="page-intro quiz-intro">{definition.intro}</p>
          </>
        ) : (
          <p className="page-title sr-only">{definition.title}</p>
        )}
        {lost ? (
          <p role="alert" className="form-error">
            We could not find those answers (the link may be from another browser or account), so the quiz starts again here.
          </p>
        ) : null}
        {view.kind === "question" ? (
          <QuestionStep index={view.index} total={total} definition={definition} surveyId={survey?.id ?? null} chosen={survey?.answers[definition.questions[view.index]!.id] ?? []} error={actionData?.question === definition.questions[view.index]!.id ? actionData.error : null} />
        ) : view.kind === "email" && survey ? (
          <EmailStep surveyId={survey.id} total={total} optional={emailOptional} error={actionData?.question === "email" ? actionData.error : null} />
        ) : survey?.recommendation ? (
          <Result recommendation={survey.recommendation} surveyId={survey.id} />
        ) : null}
      </div>
    </main>
  );
}

/** The landing screen of data-is-quiz-lp-control: the quiz in three lines, then one way in. */
function QuizLanding({ title, intro, total }: { title: string; intro: string; total: number }) {
  return (
    <section className="quiz-landing" aria-labelledby="quiz-landing-title">
      <h1 id="quiz-landing-title" className="page-title">
        {title}
      </h1>
      <p className="page-intro quiz-intro">{intro}</p>
      <ul className="quiz-landing__points">
        <li>{total} questions, one at a time: about two minutes.</li>
        <li>Leave any time: this browser keeps your place for {KEEP_DAYS} days.</li>
        <li>Your result comes with the code for 25% off.</li>
      </ul>
      <Link to={`${ROUTES.quiz}?step=1`} className="button quiz-landing__start">
        Start the quiz
      </Link>
    </section>
  );
}

function Progress({ step, total }: { step: number; total: number }) {
  return (
    <>
      <p className="quiz-progress" id="quiz-progress">
        {step <= total ? `Question ${step} of ${total}` : "Almost done"}
      </p>
      <progress className="quiz-bar" max={total + 1} value={Math.min(step, total + 1)} aria-labelledby="quiz-progress" />
    </>
  );
}

function QuestionStep(props: {
  index: number;
  total: number;
  definition: Route.ComponentProps["loaderData"]["definition"];
  surveyId: string | null;
  chosen: string[];
  error: string | null;
}) {
  const question = props.definition.questions[props.index]!;
  const type = question.kind === "single" ? "radio" : "checkbox";
  const errorId = `quiz-error-${question.id}`;
  return (
    <Form method="post" replace preventScrollReset={false} key={question.id}>
      {props.surveyId ? <input type="hidden" name="id" value={props.surveyId} /> : null}
      <input type="hidden" name="question" value={question.id} />
      <Progress step={props.index + 1} total={props.total} />
      <fieldset aria-describedby={`quiz-help-${question.id}${props.error ? ` ${errorId}` : ""}`}>
        {props.index === 0 ? (
          <legend>{question.title}</legend>
        ) : (
          <legend>
            <h1 className="quiz-question-title">{question.title}</h1>
          </legend>
        )}
        <p className="quiz-help" id={`quiz-help-${question.id}`}>
          {question.help}
        </p>
        {props.error ? (
          <p className="form-error" role="alert" id={errorId}>
            {props.error}
          </p>
        ) : null}
        <div className="quiz-options">
          {question.options.map((option) => (
            <label className="quiz-option" key={option.id}>
              <input type={type} name="answer" value={option.id} defaultChecked={props.chosen.includes(option.id)} />
              <span className="quiz-option-label">
                <span>{option.label}</span>
                {option.hint ? <span className="quiz-option-hint">{option.hint}</span> : null}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="quiz-actions">
        <button type="submit" className="button">
          {props.index + 1 < props.total ? "Next question" : "See my result"}
        </button>
        {props.index > 0 && props.surveyId ? <Link to={quizPath(props.surveyId, `step=${props.index}`)}>Back to the previous question</Link> : <Link to="/">Not now: back to the home page</Link>}
      </div>
    </Form>
  );
}

function EmailStep({ surveyId, total, optional, error }: { surveyId: string; total: number; optional: boolean; error: string | null }) {
  return (
    <Form method="post" replace className="mail-form">
      <input type="hidden" name="id" value={surveyId} />
      <Progress step={total + 1} total={total} />
      <h1 className="quiz-email-title">
        Where should we send your result?
      </h1>
      <p>
        We email your suggestion and the 25% code so you have them later. {optional ? "This is optional: you can skip it." : ""} We never sell your
        address; see our <a href="/consumer-health-data">consumer health data notice</a>.
      </p>
      <div className="mail-form-field">
        <label htmlFor="quiz-email" className="mail-form-label">
          Email address{optional ? " (optional)" : ""}
        </label>
        <input
          id="quiz-email"
          className="mail-form-input"
          type="email"
          name="email"
          autoComplete="email"
          required={!optional}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "quiz-email-error" : undefined}
        />
        {error ? (
          <p className="form-error" role="alert" id="quiz-email-error">
            {error}
          </p>
        ) : null}
      </div>
      <div className="quiz-actions">
        <button type="submit" className="button" name="intent" value="email">
          See my result
        </button>
        {optional ? (
          <button type="submit" className="button button--secondary" name="intent" value="skip-email" formNoValidate>
            Skip and see my result
          </button>
        ) : null}
        <Link to={quizPath(surveyId, `step=${total}`)}>Back to the previous question</Link>
      </div>
    </Form>
  );
}

type Recommendation = NonNullable<NonNullable<Route.ComponentProps["loaderData"]["survey"]>["recommendation"]>;

function Result({ recommendation, surveyId }: { recommendation: Recommendation; surveyId: string }) {
  const money = (amount: number) => formatMoney({ amount: cents(amount), currency: recommendation.price!.currency as Currency });
  const productPage = recommendation.planCode.startsWith("pds") ? ROUTES.pediatric_daily : ROUTES.daily_synbiotic;
  return (
    <section className="quiz-result" aria-labelledby="quiz-result-title">
      <p className="quiz-progress">Your result</p>
      <h1 id="quiz-result-title" className="page-title">
        {recommendation.headline}
      </h1>
      <h2>{recommendation.productName}</h2>
      {recommendation.reasons.length > 0 ? (
        <ul>
          {recommendation.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
      {recommendation.caution ? <p className="quiz-caution">{recommendation.caution}</p> : null}
      {recommendation.price ? (
        <p className="quiz-offer">
          {recommendation.promoCode && recommendation.price.discounted !== null ? (
            <>
              Your first order: <s>{money(recommendation.price.amount)}</s> <strong>{money(recommendation.price.discounted)}</strong> with code{" "}
              <strong>{recommendation.promoCode}</strong>, 25% off, applied for you in the cart.
            </>
          ) : (
            <>
              {money(recommendation.price.amount)} per shipment. The quiz's 25% code is for DS-01® only, so it does not apply here.
            </>
          )}
        </p>
      ) : (
        <p className="quiz-offer">This product ships to the US only. Change your country in the cart if you order for someone there.</p>
      )}
      <div className="quiz-actions">
        <a className="button" href={recommendation.cartLink}>
          {recommendation.promoCode ? "Add to cart with 25% off" : "Add to cart"}
        </a>
        <Link to={productPage}>Read more about {recommendation.productName}</Link>
        <Link to={quizPath(surveyId, "step=1")}>Change my answers</Link>
      </div>
    </section>
  );
}
