import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvFile, csvPounds, toCsv } from "./csv";

describe("CSV cells", () => {
  it("writes amounts as plain numbers a spreadsheet sums, negative ones included", () => {
    expect(csvCell(csvPounds(3600))).toBe("36.00");
    expect(csvCell(csvPounds(5))).toBe("0.05");
    expect(csvCell(csvPounds(-150))).toBe("-1.50");
    expect(csvCell(-3)).toBe("-3");
  });

  it("still neutralises text that starts like a formula, even text that reads as a negative number", () => {
    expect(csvCell("-1.50")).toBe("'-1.50");
    expect(csvCell("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvCell("+44 7700 900123")).toBe("'+44 7700 900123");
    expect(csvCell("@Ada")).toBe("'@Ada");
  });

  it("starts a whole file with a UTF-8 byte order mark, once", () => {
    const file = csvFile([["Name", "Amount"], ["Zoë £", csvPounds(-230)]]);
    expect(file).toBe(`${CSV_BOM}Name,Amount\r\nZoë £,-2.30\r\n`);
    expect(Buffer.from(file, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(toCsv([["a"]])).toBe("a\r\n");
  });
});
