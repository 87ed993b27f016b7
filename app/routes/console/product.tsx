import { Form, Link, useActionData } from "react-router";
import { mediaPath, widthsFor, type MediaImage } from "../../../domain/media";
import { REASSURANCE_ICONS } from "../../../domain/product-profile";
import { MAX_REASSURANCE_ROWS } from "../../../domain/product-profile-form";
import { consoleAct, consoleLoad, formFields } from "../../components/console/errors";
import { ActionMessage, SubmitButton, When } from "../../components/console/ui";
import type { Route } from "./+types/product";

export async function loader({ context, params }: Route.LoaderArgs) {
  return consoleLoad(async () => {
    const service = context.console.service();
    return { ...(await service.productProfiles.product(params.code)), mayEdit: service.staff.permissions.includes("content.publish") };
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const fields = await formFields(request);
  return consoleAct(async () => {
    await context.console.service().productProfiles.saveForm(params.code, fields);
    return "Product profile saved. The product page shows it now.";
  });
}

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Product ${params.code} | Seed console` }];

/** The smallest rendition: the console's pictures are thumbnails. */
const thumb = (image: MediaImage) => mediaPath(image.hash, widthsFor(image.width)[0]!, "webp");

/**
 * A product's profile as plain forms (ADR 0069): reorder, relabel or remove gallery photos and tick library photos to
 * add; the facts panel's lines; the reassurance row's items. Saved together, audited with before and after.
 */
export default function ConsoleProduct({ loaderData }: Route.ComponentProps) {
  const { code, name, gallery, fields, reassurance, library, mayEdit, updatedAt } = loaderData;
  const result = useActionData<typeof action>();
  const inGallery = new Set(gallery.map((g) => g.entry.hash));
  const addable = library.filter((image) => !inGallery.has(image.hash));
  const rows = Array.from({ length: MAX_REASSURANCE_ROWS }, (_, i) => reassurance[i]);
  return (
    <>
      <p>
        <Link to="/console/products">All products</Link>
      </p>
      <h1>{name}</h1>
      <p>
        Code {code}. {updatedAt ? <>Last saved <When iso={updatedAt} />.</> : "No profile yet."}
      </p>
      <ActionMessage result={result} />
      <Form method="post" className="c-form" aria-label={`Edit the profile of ${name}`}>
        <fieldset className="c-card" disabled={!mayEdit}>
          <legend>Gallery</legend>
          <p>The first photo leads the product page and shows in cart, checkout, emails and the account. Change a position to reorder.</p>
          {gallery.length === 0 && <p>No photos yet: tick some in the library below.</p>}
          <ol className="c-gallery">
            {gallery.map(({ entry, image }, i) => (
              <li key={entry.hash} className="c-gallery__item">
                <input type="hidden" name={`gallery-${i}`} value={entry.hash} />
                {image ? <img src={thumb(image)} alt={image.alt} width={96} height={Math.round((96 * image.height) / image.width)} /> : <span>Missing from the library</span>}
                <label className="c-field">
                  Position
                  <input type="number" name={`position-${entry.hash}`} defaultValue={i + 1} min={1} max={12} />
                </label>
                <label className="c-field">
                  Alt text for this product (blank: the library's)
                  <input name={`alt-${entry.hash}`} defaultValue={entry.alt ?? ""} placeholder={image?.alt} maxLength={300} />
                </label>
                <label>
                  <input type="checkbox" name={`remove-${entry.hash}`} /> Remove
                </label>
              </li>
            ))}
          </ol>
          <details>
            <summary>Add photos from the library ({addable.length})</summary>
            <ul className="c-library">
              {addable.map((image) => (
                <li key={image.hash}>
                  <label>
                    <input type="checkbox" name={`add-${image.hash}`} /> <img src={thumb(image)} alt="" width={64} height={Math.round((64 * image.height) / image.width)} /> {image.alt}
                  </label>
                </li>
              ))}
            </ul>
          </details>
        </fieldset>
        <fieldset className="c-card" disabled={!mayEdit}>
          <legend>Supplement facts</legend>
          <label className="c-field">
            Serving size
            <input name="servingSize" defaultValue={fields?.servingSize} required maxLength={120} />
          </label>
          <label className="c-field">
            Servings per pack
            <input name="servingsPerPack" defaultValue={fields?.servingsPerPack} required maxLength={80} />
          </label>
          <label className="c-field">
            Amounts per serving, one per line: name | amount | % daily value († where none is set)
            <textarea name="amounts" defaultValue={fields?.amounts} rows={4} required />
          </label>
          <label className="c-field">
            Strains, one per line: name | count per serving
            <textarea name="strains" defaultValue={fields?.strains} rows={8} />
          </label>
          <label className="c-field">
            Other ingredients
            <textarea name="otherIngredients" defaultValue={fields?.otherIngredients} rows={2} required maxLength={600} />
          </label>
          <label className="c-field">
            Allergens
            <input name="allergens" defaultValue={fields?.allergens} maxLength={300} />
          </label>
          <label className="c-field">
            Notes
            <textarea name="notes" defaultValue={fields?.notes} rows={2} maxLength={600} />
          </label>
        </fieldset>
        <fieldset className="c-card" disabled={!mayEdit}>
          <legend>Reassurance under Add to cart</legend>
          <p>Up to {MAX_REASSURANCE_ROWS} items; an item without a title is left out. Countries (comma-separated codes) limit an item to shoppers there.</p>
          {rows.map((item, i) => (
            <div key={i} className="c-form-row">
              <label className="c-field">
                Icon
                <select name={`reassurance-${i}-icon`} defaultValue={item?.icon ?? "shipping"}>
                  {REASSURANCE_ICONS.map((icon) => (
                    <option key={icon}>{icon}</option>
                  ))}
                </select>
              </label>
              <label className="c-field">
                Title
                <input name={`reassurance-${i}-title`} defaultValue={item?.title} maxLength={60} />
              </label>
              <label className="c-field">
                Text
                <input name={`reassurance-${i}-text`} defaultValue={item?.text} maxLength={200} size={50} />
              </label>
              <label className="c-field">
                Countries
                <input name={`reassurance-${i}-countries`} defaultValue={item?.countries?.join(", ")} size={8} />
              </label>
            </div>
          ))}
        </fieldset>
        {mayEdit ? (
          <div>
            <SubmitButton>Save profile</SubmitButton>
          </div>
        ) : (
          <p>Your role may read this profile but not change it.</p>
        )}
      </Form>
    </>
  );
}
