import { afterEach, describe, expect, it } from 'vitest'
import { BENCH_MENUS, buttonXPath, fieldXPath, lastProductTitle, productButtonXPath } from '../../bench/menu'

/** The text of every element `xpath` finds in the document (or below `context`). */
function found(xpath: string, context: Node = document): string[] {
  const result = document.evaluate(xpath, context, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null)
  return Array.from({ length: result.snapshotLength }, (_, i) => (result.snapshotItem(i) as Element).outerHTML)
}

describe('bench: controls found by text and XPath, not by role', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('finds buttons by their text, whole or followed by more words, optionally below a context', () => {
    document.body.innerHTML = `
      <button>Add</button><button> Add  to order </button><button>Added</button><button>Update</button>
      <dialog open><form><button><span>Add</span></button></form></dialog>`
    expect(found(buttonXPath('Add'))).toEqual(['<button>Add</button>', '<button> Add  to order </button>', '<button><span>Add</span></button>'])
    const dialog = document.querySelector('dialog') as Element
    expect(found(buttonXPath('Add', '.'), dialog)).toEqual(['<button><span>Add</span></button>'])
  })

  it('finds a form control by its label, a required marker allowed', () => {
    document.body.innerHTML = `
      <label for="a">Name<span aria-hidden="true">*</span></label><input id="a" name="name">
      <label for="b">Phone number</label><input id="b" name="swishPhone">
      <label for="c">Names</label><input id="c"><label for="d">Name *</label><textarea id="d"></textarea>`
    expect(found(fieldXPath('Name'))).toEqual(['<input id="a" name="name">', '<textarea id="d"></textarea>'])
    expect(found(fieldXPath('Phone number'))).toEqual(['<input id="b" name="swishPhone">'])
  })

  it("finds a menu product by its title, as the button's own text or a child's, inside main only", () => {
    document.body.innerHTML = `
      <main><button>Classic breakfast 1</button><button><h3>Classic breakfast 1</h3><p>12 kr</p></button>
      <button>Classic breakfast 10</button></main><button>Classic breakfast 1</button>`
    expect(found(productButtonXPath('Classic breakfast 1'))).toHaveLength(2)
  })
})

describe('bench: the last article of each bench menu, the end of its progressive render', () => {
  it('is the last category\'s last article, a different one on each menu', () => {
    expect(BENCH_MENUS.map((menu) => lastProductTitle(menu.shop))).toEqual(['Green merchandise 20', 'Green north merchandise 20'])
    expect(() => lastProductTitle('no-such-shop')).toThrow(/no last article/)
  })
})
