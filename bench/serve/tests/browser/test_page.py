"""The page of `ply serve` in a real headless Chromium (Debian's package), driven by Playwright:
whole games of the three seed games and of Amazons (three clicks a move) played by clicks
against `random`, a person and two agents at a table of three (Rolit), the dice of Pig and backgammon rolled by the server or set by hand, a live
search updating
the page and stopped by its button, the teaching stepper reaching the GameState quiz's counts
(5, 30, 55 terminal tests) and stepping expectimax through CS188's chance tree, and a record
file replayed. Each screen is photographed into
$PLY_SCREENSHOTS (docs/images when the docs' pictures are remade).

Run by .ci/run: PLY_BIN=target/debug/ply python -m unittest discover -s bench/serve/tests/browser
"""

import os
import random
import re
import shutil
import subprocess
import tempfile
import unittest

from playwright.sync_api import expect, sync_playwright

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))
PLY = os.environ.get("PLY_BIN", os.path.join(ROOT, "target", "debug", "ply"))
CHROMIUM = os.environ.get("PLY_CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
SHOTS = os.environ.get("PLY_SCREENSHOTS") or tempfile.mkdtemp(prefix="ply-shots-")
# As root in a container Chromium needs --no-sandbox; the rest keep it off this machine's
# closed network.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def start_server(*args):
    server = subprocess.Popen([PLY, "serve", "--port", "0", *args], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"http://(\S+)", line)
    if not match:
        server.kill()
        raise RuntimeError(f"ply serve printed {line!r}")
    return server, f"http://{match.group(1)}"


class PageTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.records = tempfile.mkdtemp(prefix="ply-records-")
        subprocess.run([PLY, "arena", "--game", "isolation(width=5,height=5)", "--agent", "random",
                        "--agent", "greedy", "--openings", "2", "--quiet",
                        "--out", os.path.join(cls.records, "tournament.jsonl")], check=True)
        cls.server, cls.url = start_server("--records", cls.records)
        cls.playwright = sync_playwright().start()
        cls.browser = cls.playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.playwright.stop()
        cls.server.kill()
        cls.server.wait()

    def setUp(self):
        self.page = self.browser.new_page(viewport={"width": 1400, "height": 950})
        self.errors = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(self.url)
        expect(self.page.locator("#status")).to_contain_text("Player 0")

    def tearDown(self):
        self.page.close()
        self.assertEqual(self.errors, [], "the page raised errors")

    def shot(self, name):
        self.page.screenshot(path=os.path.join(SHOTS, f"serve-{name}.png"))

    def new_game(self, spec, p0="human", p1="random"):
        page = self.page
        page.fill("#game-spec", spec)
        page.fill("#p0", p0)
        page.fill("#p1", p1)
        page.click("#new-game")
        expect(page.locator("#history li")).to_have_count(0)
        expect(page.locator("#status")).to_contain_text("Player 0")

    def click_a_legal_move(self, rng):
        """Clicks a random legal move on the board: the piece, then where it lands (and the
        card, when two moves land there; or the third cell, Amazons' arrow, when several
        moves of the piece land there). A move on no cell, Onitama's forced pass, is pressed
        in the list of legal moves. Returns the move as the list of moves shows it."""
        page = self.page
        moves = page.evaluate("() => play.view.moves")
        move = rng.choice(moves)
        if move["to"] is None:
            page.click(f"#legal button[data-move='{move['move']}']")
            return move["label"]
        if move["from"] is not None and len([m for m in moves if m["to"] == move["to"]]) > 1:
            page.click(f"#board g[data-cell='{move['from']}']")
        page.click(f"#board g[data-cell='{move['to']}']")
        alike = [m for m in moves if m["from"] == move["from"] and m["to"] == move["to"]]
        if move.get("then") is not None and len(alike) > 1:
            page.click(f"#board g[data-cell='{move['then']}']")
        chooser = page.locator("#choose")
        if chooser.is_visible():
            chooser.locator(f"button[data-move='{move['move']}']").click()
        return move["label"]

    def play_whole_game(self, spec, seed):
        """Plays a whole game of `spec` by clicks against random; returns the plies played."""
        page = self.page
        rng = random.Random(seed)
        self.new_game(spec)
        plies = 0
        while True:
            status = page.locator("#status")
            expect(status).to_contain_text(re.compile("your move|Game over"), timeout=15000)
            if "Game over" in status.inner_text():
                break
            played = self.click_a_legal_move(rng)
            plies += 1
            expect(page.locator("#history li").nth(plies - 1)).to_have_text(played)
            # Then random replies (or the game ends).
            page.wait_for_function("n => play.moves.length > n || (play.view && play.view.terminal)", arg=plies, timeout=15000)
            plies = page.evaluate("() => play.moves.length")
        self.assertRegex(page.locator("#status").inner_text(), r"Game over: (player [01] wins|a draw)")
        return plies

    def test_the_game_form_keeps_a_nested_list_whole(self):
        """The AIMA figure's shape reads whole in its field, and a keystroke there keeps the
        tree (the form had cut it at the first inner list)."""
        page = self.page
        spec = "tree(shape=[[3,12,8],[2,4,6],[14,5,2]])"
        page.fill("#game-spec", spec)
        page.locator("#game-spec").blur()  # the form is built from the spec on its change
        shape = page.locator('#game-keys input[data-key="shape"]')
        expect(shape).to_have_value("[[3,12,8],[2,4,6],[14,5,2]]")
        shape.focus()
        page.keyboard.press("End")
        page.keyboard.type("9")
        expect(page.locator("#game-spec")).to_have_value("tree(shape=[[3,12,8],[2,4,6],[14,5,2]]9)")
        page.keyboard.press("Backspace")
        expect(page.locator("#game-spec")).to_have_value(spec)

    def test_whole_games_of_the_seed_games_by_clicks(self):
        for seed, spec in enumerate(["isolation", "queen-isolation", "onitama"]):
            plies = self.play_whole_game(spec, seed)
            self.assertGreater(plies, 1, spec)
            self.shot({"isolation": "play", "queen-isolation": "play-queen", "onitama": "play-onitama"}[spec])
            # The game is saved as an arena record in the records folder.
            self.page.click("#save-record")
            expect(self.page.locator("#saved")).to_contain_text("ply-serve-games.jsonl")

    def test_a_whole_game_of_amazons_by_three_clicks(self):
        # An amazon, where it lands, then where its arrow burns a cell: no list of moves.
        plies = self.play_whole_game("amazons(width=6,height=6)", 5)
        self.assertGreater(plies, 8)
        # The last move is marked: where the amazon left and landed, and its arrow apart.
        last = self.page.evaluate("() => play.view.last_move")
        cells = {last["from"], last["to"], last["then"]}  # an arrow may fly back to the origin
        expect(self.page.locator("#board .last-move")).to_have_count(len(cells))
        expect(self.page.locator(f"#board g[data-cell='{last['then']}'] .last-arrow")).to_have_count(1)
        self.shot("play-amazons")

    def test_a_game_for_three_seats_a_person_and_two_agents(self):
        page = self.page
        page.fill("#game-spec", "rolit(players=3,size=6)")
        page.dispatch_event("#game-spec", "change")
        # The third seat shows, the fourth does not; the two-player search's default gives way
        # to MCTS, which plays any number of players.
        expect(page.locator("#p2")).to_be_visible()
        expect(page.locator("#p3")).to_be_hidden()
        self.assertTrue(page.input_value("#p1").startswith("mcts("))
        page.fill("#p1", "random(seed=1)")
        page.fill("#p2", "greedy")
        page.click("#new-game")
        expect(page.locator("#status")).to_contain_text("Player 0")
        rng = random.Random(3)
        for turn in range(3):
            expect(page.locator("#status")).to_contain_text("your move", timeout=15000)
            self.click_a_legal_move(rng)
            # Players 1 and 2 answer before it is player 0's turn again.
            page.wait_for_function("n => play.moves.length >= 3 * n", arg=turn + 1, timeout=15000)
        self.assertEqual(page.evaluate("() => play.view.utility.length"), 3)
        self.shot("play-rolit")
        page.click("#save-record")
        expect(page.locator("#saved")).to_contain_text("ply-serve-games.jsonl")
        # Saved before its end, the game is recorded as resigned, and the page says so.
        expect(page.locator("#saved")).to_contain_text(
            "the game was not over: recorded as player 0 resigning, the others sharing the win")

    def test_dice_are_rolled_by_the_server_or_set_by_hand(self):
        page = self.page
        # Choosing a game with dice turns the deterministic searches into expectimax.
        page.select_option("#variant", "pig")
        expect(page.locator("#p1")).to_have_value("expectimax(time=1s)")
        self.new_game("pig(goal=10)", p1="random")
        expect(page.locator("#dice")).to_be_visible()
        # By hand: the dice panel offers the faces, each with its probability.
        page.uncheck("#auto-roll")
        page.click("#legal button[data-move='roll']")
        expect(page.locator("#roll")).to_be_enabled()
        expect(page.locator("#status")).to_contain_text("roll the dice")
        face = page.locator("#legal button[data-move='3']")
        expect(face).to_have_attribute("title", "probability 0.1667")
        face.click()
        expect(page.locator("#history li").nth(1)).to_have_text("3")
        expect(page.locator("#roll")).to_be_disabled()
        # By the server: the Roll button, then the dice rolling by themselves.
        page.click("#legal button[data-move='roll']")
        page.click("#roll")
        page.wait_for_function("() => play.moves.length >= 4")
        page.check("#auto-roll")
        status = page.locator("#status")
        expect(status).to_contain_text(re.compile("your move|Game over"), timeout=15000)
        if "your move" in status.inner_text():
            played = page.evaluate("() => play.moves.length")
            page.click("#legal button[data-move='roll']")
            page.wait_for_function("n => play.moves.length >= n + 2", arg=played)
        self.shot("play-pig")
        # Backgammon, random against random, the server rolling every die, to the end.
        page.fill("#game-spec", "backgammon(max_turns=6)")
        page.fill("#p0", "random")
        page.fill("#p1", "random")
        page.click("#new-game")
        # The pig game may have ended already, so wait for backgammon's own end.
        page.wait_for_function(
            "() => play.spec.startsWith('backgammon') && play.moves.length > 0"
            " && document.querySelector('#status').textContent.includes('Game over')",
            timeout=30000)
        moves = page.evaluate("() => play.moves")
        self.assertRegex(moves[0], r"^[xo][1-6]-[1-6]$")  # the opening roll names the starter
        self.assertTrue(any(re.fullmatch(r"[1-6]-[1-6]", m) for m in moves[1:]))
        self.assertIn("pips", page.locator("#board").text_content())  # the drawing of the board
        self.shot("play-backgammon")

    def test_undo_redo_and_a_pasted_position(self):
        page = self.page
        self.new_game("tictactoe", p1="human")
        for cell in ["4", "0", "8"]:
            page.click(f"#board g[data-cell='{cell}']")
            expect(page.locator("#history li")).to_have_count(["4", "0", "8"].index(cell) + 1)
        page.click("#undo")
        expect(page.locator("#history li")).to_have_count(2)
        page.click("#redo")
        expect(page.locator("#history li")).to_have_count(3)
        expect(page.locator("#moves-text")).to_have_value("4,0,8")
        page.fill("#moves-text", "0,3,1,4")
        page.click("#load-position")
        expect(page.locator("#history li")).to_have_count(4)
        page.click("#board g[data-cell='2']")
        expect(page.locator("#status")).to_contain_text("Game over: player 0 wins")

    def test_an_agents_turn_reached_back_in_the_history_waits_for_resume(self):
        """Undo in a game of two agents, or a jump in the history to an agent's turn, pauses
        the game there with a Resume button and an empty engine panel (it had stuck, every
        cell disabled, the engine's text from a later position still shown)."""
        page = self.page
        status = page.locator("#status")
        page.fill("#game-spec", "tictactoe")
        page.fill("#p0", "random")
        page.fill("#p1", "alphabeta(depth=2)")
        page.click("#new-game")
        expect(status).to_contain_text("Game over", timeout=20000)
        played = page.evaluate("() => play.moves.length")
        page.click("#undo")
        expect(page.locator("#history li")).to_have_count(played - 1)
        expect(page.locator("#resume")).to_be_visible()
        expect(status).to_contain_text("to move, paused")
        expect(page.locator("#engine-summary")).to_have_text("")
        page.click("#resume")
        expect(status).to_contain_text("Game over", timeout=20000)
        page.click('#history li[data-ply="2"] button')
        expect(page.locator("#history li")).to_have_count(2)
        expect(page.locator("#resume")).to_have_text("Resume: random moves")
        expect(page.locator("#engine-summary")).to_have_text("")
        page.click("#resume")
        expect(status).to_contain_text("Game over", timeout=20000)
        # A person against an agent: back to the agent's turn, the person's cells wait too.
        self.new_game("tictactoe", p1="random")
        page.click("#board g[data-cell='4']")
        page.wait_for_function("() => play.moves.length === 2", timeout=15000)
        page.click('#history li[data-ply="1"] button')
        expect(page.locator("#resume")).to_have_text("Resume: random moves")
        page.click("#resume")
        expect(status).to_contain_text("your move", timeout=15000)
        expect(page.locator("#history li")).to_have_count(2)
        self.shot("paused")

    def test_the_end_says_why_and_who_lost_to_whom_and_marks_the_line(self):
        """The end names its rule and, for the person at the table, the verdict; the winning
        line and the last move are marked on the board (the page had said only "Game over:
        player 1 wins")."""
        page = self.page
        status = page.locator("#status")
        self.new_game("tictactoe", p1="alphabeta(depth=2)")
        page.fill("#moves-text", "0,4,1,5")
        page.click("#load-position")
        expect(page.locator("#history li")).to_have_count(4)
        expect(page.locator("#board .last-move")).to_have_count(1)
        expect(page.locator("#board g[data-cell='5'] .last-move")).to_have_count(1)
        page.click("#board g[data-cell='8']")
        expect(status).to_have_text("Game over: player 1 wins (player 1 has three in a row) You lost to alphabeta(depth=2).", timeout=15000)
        expect(page.locator("#board .winning")).to_have_count(3)
        for cell in ["3", "4", "5"]:
            expect(page.locator(f"#board g[data-cell='{cell}'] .winning")).to_have_count(1)
        expect(page.locator("#board g[data-cell='3'] .last-move")).to_have_count(1)
        self.shot("the-end")
        page.click('#history li[data-ply="4"] button')
        expect(page.locator("#board .winning")).to_have_count(0)
        page.click("#board g[data-cell='2']")
        expect(status).to_have_text("Game over: player 0 wins (player 0 has three in a row) You win.")
        # Connect Four: the four in a column, and a game of agents alone gives no verdict.
        self.new_game("connect-four", p0="human", p1="human")
        page.fill("#moves-text", "1,2,1,2,1,2")
        page.click("#load-position")
        expect(page.locator("#history li")).to_have_count(6)
        page.click("#board g[data-cell='0']")  # the top of column 1: the stone drops to row 4
        expect(status).to_have_text("Game over: player 0 wins (player 0 connects four) Player 0 wins.")
        expect(page.locator("#board .winning")).to_have_count(4)

    def test_cells_and_moves_are_named_by_the_boards_coordinates(self):
        """Udacity's 11x9 board: rows and columns labelled, each cell named by them, and the
        moves shown as (row,col) (they were internal numbers: cell 68, jumps 25 and -15)."""
        page = self.page
        self.new_game("isolation", p1="human")
        expect(page.locator("#board > text")).to_have_count(11 + 9)
        buttons = page.locator("#legal button")
        expect(buttons).to_have_count(99)
        expect(buttons.first).to_have_text("(0,0)")
        expect(page.locator("#board g[data-cell='0']")).to_have_attribute("aria-label", "row 0, column 0: empty, move (0,0)")
        page.click("#board g[data-cell='60']")  # row 5, column 5
        expect(page.locator("#history li").first).to_have_text("(5,5)")
        expect(page.locator("#board g[data-cell='60']")).to_have_attribute("aria-label", "row 5, column 5: player 0's knight")
        page.click("#board g[data-cell='0']")
        jumps = sorted(page.locator("#legal button").all_inner_texts())
        self.assertEqual(jumps, ["(3,4)", "(3,6)", "(4,3)", "(4,7)", "(6,3)", "(6,7)", "(7,4)", "(7,6)"])
        self.assertIn("(row,col)", page.locator("#board-text").text_content())

    def test_a_whole_game_by_keyboard_with_the_arrow_keys(self):
        """One cell of the board takes Tab; the arrow keys walk the cells and Enter plays:
        tic-tac-toe against random to its end, and the focus stays on the board."""
        page = self.page
        rng = random.Random(4)
        self.new_game("tictactoe")
        page.locator("#board g.cell[tabindex='0']").focus()
        while True:
            status = page.locator("#status")
            expect(status).to_contain_text(re.compile("your move|Game over"), timeout=15000)
            if "Game over" in status.inner_text():
                break
            at = int(page.evaluate("() => document.activeElement.dataset.cell"))
            target = rng.choice(page.evaluate("() => play.view.moves"))["to"]
            for _ in range(abs(target // 3 - at // 3)):
                page.keyboard.press("ArrowDown" if target // 3 > at // 3 else "ArrowUp")
            for _ in range(abs(target % 3 - at % 3)):
                page.keyboard.press("ArrowRight" if target % 3 > at % 3 else "ArrowLeft")
            self.assertEqual(page.evaluate("() => document.activeElement.dataset.cell"), str(target))
            played = page.evaluate("() => play.moves.length")
            page.keyboard.press("Enter")
            page.wait_for_function("n => play.moves.length > n", arg=played, timeout=15000)
        self.assertRegex(page.locator("#status").inner_text(), r"Game over: (player [01] wins|a draw)")
        self.assertEqual(page.evaluate("() => document.activeElement.closest('svg') && document.activeElement.closest('svg').id"), "board")
        self.assertEqual(page.locator("#board g.cell[tabindex='0']").count(), 1)

    def test_a_phone_and_a_projector_see_the_whole_board(self):
        """At 390 px wide nothing scrolls sideways and the board comes first (the engine table
        had widened the page to 477 px, the board under the form); at 1280x720 presentation
        mode gives the board the screen (it was 350-380 px between two form panels)."""
        page = self.browser.new_page(viewport={"width": 390, "height": 844})
        try:
            page.goto(self.url)
            expect(page.locator("#status")).to_contain_text("Player 0")
            page.fill("#p1", "alphabeta(depth=5)")
            page.click("#new-game")
            page.click("#board g[data-cell='60']")
            expect(page.locator("#iterations tbody tr").first).to_be_visible(timeout=15000)
            self.assertLessEqual(page.evaluate("() => document.documentElement.scrollWidth"), 390)
            board = page.locator("#board").bounding_box()
            form = page.locator("#game-spec").bounding_box()
            self.assertLessEqual(board["x"] + board["width"], 390)
            self.assertLess(board["y"], form["y"])
        finally:
            page.close()
        page = self.browser.new_page(viewport={"width": 1280, "height": 720})
        try:
            page.goto(self.url)
            expect(page.locator("#status")).to_contain_text("Player 0")
            before = page.locator("#board").bounding_box()
            self.assertGreater(before["width"], 480)
            page.keyboard.press("p")
            expect(page.locator("#present")).to_have_attribute("aria-pressed", "true")
            expect(page.locator("#game-spec")).to_be_hidden()
            board = page.locator("#board").bounding_box()
            self.assertGreater(board["height"], 540)
            self.assertLessEqual(board["y"] + board["height"], 720)
            page.screenshot(path=os.path.join(SHOTS, "serve-presentation.png"))
            page.keyboard.press("Escape")
            expect(page.locator("#game-spec")).to_be_visible()
        finally:
            page.close()

    def test_the_first_page_says_what_to_do(self):
        """The game's rules and your seat are on the page; choosing a game starts it; no
        server jargon (it had only the form, and choosing a game did nothing)."""
        page = self.page
        expect(page.locator("#rules-text")).to_contain_text("knight's jump")
        expect(page.locator("#seat-help")).to_have_text(
            "You play player 0 (blue), moving first, against alphabeta(time=1s). To play second, put human in Player 1 and an agent in Player 0, then press New game.")
        expect(page.locator("#server-status")).to_have_text("agents think up to 10 s a move")
        page.select_option("#variant", "connect-four")
        expect(page.locator("#rules-text")).to_contain_text("Four of your stones in a row")
        expect(page.locator("#board g.cell")).to_have_count(42)
        expect(page.locator("#status")).to_contain_text("your move")
        page.fill("#p0", "random")
        page.fill("#p1", "human")
        page.click("#new-game")
        expect(page.locator("#seat-help")).to_have_text("You play player 1 (red), against random.")
        expect(page.locator("#history li")).to_have_count(1, timeout=15000)
        expect(page.locator("#status")).to_contain_text("your move")

    def test_amazons_arrow_and_onitamas_cards_read_as_on_the_table(self):
        """Amazons: after the second click the amazon stands where it landed and the status
        asks for the arrow (it stayed drawn on its origin, silent). Onitama: each card is a
        diagram of its moves in its holder's colour, the side card marked (they were names,
        with W/B for blue and red pieces)."""
        page = self.page
        self.new_game("amazons(width=6,height=6)", p1="human")
        moves = page.evaluate("() => play.view.moves")
        move = moves[0]
        page.click(f"#board g[data-cell='{move['from']}']")
        page.click(f"#board g[data-cell='{move['to']}']")
        expect(page.locator("#status")).to_contain_text("now click the cell its arrow flies to")
        expect(page.locator(f"#board g[data-cell='{move['to']}']")).to_have_attribute("aria-label", re.compile("player 0's"))
        expect(page.locator(f"#board g[data-cell='{move['from']}']")).to_have_attribute("aria-label", re.compile(": empty"))
        page.click(f"#board g[data-cell='{move['then']}']")
        expect(page.locator("#history li")).to_have_count(1)
        self.new_game("onitama", p1="human")
        diagrams = page.locator("#caption figure.diagram")
        expect(diagrams).to_have_count(5)
        expect(page.locator("#caption figure[data-owner='0'] figcaption")).to_have_text(["frog", "horse"])
        expect(page.locator("#caption figure[data-owner='1'] figcaption")).to_have_text(["mantis", "cobra"])
        expect(page.locator("#caption figure[data-owner='side']")).to_contain_text("side card: player 0 takes it next")
        # Frog's three moves, drawn for player 0 around the dark centre square.
        frog = page.locator("#caption figure[data-owner='0']").first
        expect(frog.locator("svg")).to_have_attribute("aria-label", "player 0's card frog: 3 moves from the dark square")
        self.shot("onitama-cards")
        # A forced pass, on no cell, is pressed in the list of legal moves: the card given up
        # goes to the side.
        page.fill("#position-text", "Wwwww.......B............ elephant,crab tiger,ox monkey 0")
        page.click("#load-position")
        legal = page.locator("#legal button")
        expect(legal).to_have_text(["pass:crab", "pass:elephant"])
        legal.first.click()
        expect(page.locator("#history li")).to_have_text(["pass:crab"])
        expect(page.locator("#caption figure[data-owner='side'] figcaption")).to_have_text("crab")

    def test_a_live_search_updates_the_page_and_stops_on_its_button(self):
        page = self.page
        self.new_game("isolation", p1="human")
        page.click("#board g[data-cell='57']")
        page.fill("#analyse-agent", "alphabeta(time=8s)")
        page.click("#analyse")
        rows = page.locator("#iterations tbody tr")
        expect(rows.nth(3)).to_be_visible(timeout=8000)      # depth 4 and counting
        expect(page.locator("#board g.pv").first).to_be_visible()  # the PV drawn as arrows
        # The line reads in the board's coordinates, and the legend says what a score is.
        expect(rows.nth(3).locator("td").last).to_have_text(re.compile(r"^\(\d+,\d+\)( \(\d+,\d+\))+$"))
        expect(page.locator("#engine-legend-list")).to_contain_text("+W5 is a forced win in 5 plies")
        self.shot("live")
        page.click("#stop")
        expect(page.locator("#engine-summary")).to_contain_text("stopped by stop", timeout=3000)
        expect(page.locator("#engine-summary")).to_contain_text(re.compile(r"best \(\d+,\d+\)"))
        # MCTS shows its visits as a heat map.
        page.fill("#analyse-agent", "mcts(time=1500ms)")
        page.click("#analyse")
        expect(page.locator("#engine-summary")).to_contain_text("iterations", timeout=3000)
        expect(page.locator("#board text", has_text="%").first).to_be_visible()
        self.shot("live-mcts")
        expect(page.locator("#engine-legend-list")).to_contain_text("from 0 (always lost) to 1 (always won)")
        expect(page.locator("#engine-summary")).to_contain_text("best", timeout=5000)
        # The summary gives the chosen move's mean, the number the table and the board show.
        expect(page.locator("#engine-summary")).to_contain_text(re.compile(r"mean 0\.\d{3} \(score -?\d+\)"))

    def trace(self, preset_label):
        page = self.page
        page.click("#tab-teach")
        page.select_option("#trace-preset", label=preset_label)
        page.click("#trace-run")
        expect(page.locator("#step-label")).to_contain_text("step 1 of")
        page.click("#step-last")
        return page.locator("#trace-panels .trace-panel")

    def test_the_stepper_reaches_the_gamestate_quiz_counts(self):
        page = self.page
        for label, count in [("GameState quiz: minimax to depth 1 (5 terminal tests)", 5),
                             ("GameState quiz: iterative deepening to depth 2 (30)", 30),
                             ("GameState quiz: alpha-beta to the end (55)", 55)]:
            panel = self.trace(label)
            expect(panel.locator("[data-role=counters]")).to_contain_text(f"terminal_test() {count} ")
        # AIMA figure 5.2, one step at a time with the keyboard.
        panel = self.trace("AIMA figure 5.2: alpha-beta")
        page.keyboard.press("Home")
        step = panel.locator("[data-role=step]")
        expect(step).to_have_text("Start at the root: MAX to move. alpha = -inf, beta = +inf.")
        page.keyboard.press("ArrowRight")
        expect(step).to_have_text("Enter node 1: MIN to move. alpha = -inf, beta = +inf.")
        self.shot("teach-step")
        page.keyboard.press("End")
        expect(panel.locator("g[data-state=pruned]")).to_have_count(2)
        expect(panel.locator("[data-role=counters]")).to_contain_text("value 3")
        self.shot("teach")
        # Both pruning rules side by side.
        panels = self.trace("Ties: pruning on equality against strict pruning")
        expect(panels).to_have_count(2)
        self.shot("teach-compare")
        # Expectimax on CS188's example: three chance nodes drawn as circles, worth 8.
        panel = self.trace("CS188's expectimax example (8)")
        page.keyboard.press("End")
        expect(panel.locator("g[data-node] circle")).to_have_count(3)
        expect(panel.locator("[data-role=counters]")).to_contain_text("value 8")
        self.shot("teach-expectimax")

    def test_the_stepper_teaches_the_cut_when_it_happens_and_why(self):
        """AIMA's exercise gives the leaves and asks which cuts happen: every leaf value shows
        from step 1 and nothing is marked pruned before its cut; each step says why, alpha and
        beta change as children return, and the pseudo-code marks the lines run (item 6 and 7:
        pruned edges were dashed from step 1, leaves hidden, no reason for a cut)."""
        page = self.page
        panel = self.trace("AIMA figure 5.2: alpha-beta")
        page.keyboard.press("Home")
        expect(panel.locator("text.payoff")).to_have_count(9)
        expect(panel.locator("g[data-state=pruned]")).to_have_count(0)
        expect(panel.locator("line[stroke-dasharray='5,4']")).to_have_count(0)
        expect(panel.locator(".pseudo-code .running")).to_have_text(["function MAX-VALUE(state, α, β) returns a utility value"])
        for _ in range(8):
            page.keyboard.press("ArrowRight")
        # Step 9: the first MIN node returns 3, and the root's alpha rises to 3.
        expect(panel.locator("[data-role=step]")).to_have_text("node 1 returns 3. At the root: v = max(-inf, 3) = 3. alpha = max(-inf, 3) = 3.")
        expect(panel.locator("[data-role=window]")).to_have_text("at the root:   v = 3   alpha = 3   beta = +inf")
        for _ in range(2):
            page.keyboard.press("ArrowRight")
        expect(panel.locator("g[data-state=pruned]")).to_have_count(0)
        page.keyboard.press("ArrowRight")
        # Step 12: the cut, with its reason, and the two leaves pruned from now on.
        expect(panel.locator("[data-role=step]")).to_have_text(
            "node 2.1 is the end of the game: its utility is 2. At node 2: v = min(+inf, 2) = 2. "
            "2 <= alpha = 3: MAX above will never let play reach here, so node 2 returns 2 at once, pruning node 2.2 and node 2.3.")
        expect(panel.locator("g[data-state=pruned]")).to_have_count(2)
        expect(panel.locator(".pseudo-code .running")).to_have_text(
            ["  if TERMINAL-TEST(state) then return UTILITY(state)", "  if TERMINAL-TEST(state) then return UTILITY(state)",
             "    v ← MIN(v, MAX-VALUE(RESULT(state, a), α, β))", "    if v ≤ α then return v"])
        # Autoplay steps on by itself to the end.
        page.select_option("#step-speed", "400")
        page.click("#step-play")
        expect(page.locator("#step-label")).to_have_text("step 22 of 22", timeout=15000)
        expect(page.locator("#step-play")).to_have_text("Play")
        self.shot("teach-why")

    def test_the_stepper_steps_max_n_for_three_players(self):
        """Max^n on a tree of three players: each node a circle in its mover's colour, each leaf
        its vector, and each step says which entry the mover compares (the stepper had minimax,
        alpha-beta and expectimax only)."""
        page = self.page
        panel = self.trace("Max^n for three players: each leaf one value a player (Luckhardt and Irani)")
        expect(panel.locator("[data-role=counters]")).to_contain_text("value (2,5,1), best move 1")
        page.keyboard.press("Home")
        expect(panel.locator("text.payoff")).to_have_text(["(3,3,3)", "(1,4,4)", "(4,2,2)", "(2,5,1)"])
        expect(panel.locator("g[data-node] circle")).to_have_count(3)
        for _ in range(12):
            page.keyboard.press("ArrowRight")
        expect(panel.locator("[data-role=step]")).to_have_text("node 2 returns (2,5,1). At the root: player 0 prefers it, 2 > 1: v = (2,5,1).")
        expect(panel.locator(".pseudo-code .running").first).to_contain_text("v[p] > best[p]")
        self.shot("teach-maxn")

    def test_a_leaf_clicked_changes_the_tree_and_a_link_opens_a_step_for_a_slide(self):
        """Click a leaf to change its value (trees were typed as nested lists only); the link
        to a step opens that example at that step in class mode (item 9 and the class mode)."""
        page = self.page
        panel = self.trace("AIMA figure 5.2: alpha-beta")
        panel.locator("g.editable").nth(3).click()  # the leaf 2 under the second MIN node
        editor = panel.locator("form.leaf-editor")
        editor.locator("input").fill("9")
        editor.locator("button[type=submit]").click()
        expect(page.locator("#trace-game")).to_have_value("tree(shape=[[3,12,8],[9,4,6],[14,5,2]])")
        expect(page.locator("#step-label")).to_have_text("step 1 of 26")  # the new trace is in
        page.keyboard.press("End")
        panel = page.locator("#trace-panels .trace-panel")
        expect(panel.locator("[data-role=counters]")).to_contain_text("value 4")
        expect(panel.locator("g[data-state=pruned]")).to_have_count(0)
        page.click("#step-first")
        for _ in range(6):
            page.click("#step-next")
        link = page.locator("#class-link").get_attribute("href")
        self.assertIn("step=7", link)
        slide = self.browser.new_page(viewport={"width": 1280, "height": 720})
        try:
            slide.goto(self.url + "/" + link)
            expect(slide.locator("#step-label")).to_have_text("step 7 of 26")
            expect(slide.locator("#trace-panels [data-role=step]")).to_have_text("Enter node 1.3.")
            expect(slide.locator(".teach-controls")).to_be_hidden()
            # The tree changed by the leaf is the teacher's own example now.
            expect(slide.locator("#trace-preset option:checked")).to_have_text("an example of your own")
            slide.screenshot(path=os.path.join(SHOTS, "serve-teach-slide.png"))
        finally:
            slide.close()

    def test_two_rules_side_by_side_stay_at_the_same_node_and_big_trees_zoom(self):
        """Side by side, the pruning rules step through one depth-first timeline, so both
        panels show the same node (they stepped by index and drifted apart); a game's tree shows
        the position at the node, and zooms (item 8 and 9)."""
        page = self.page
        panels = self.trace("Ties: pruning on equality against strict pruning")
        expect(panels).to_have_count(2)
        total = int(page.locator("#step-label").inner_text().split()[-1])
        page.keyboard.press("Home")
        where = []
        for _ in range(total):
            where.append([w.split(":")[0] for w in panels.locator("[data-role=window]").all_inner_texts()])
            page.keyboard.press("ArrowRight")
        # Where strict pruning looks at a node the other rule cut, only its panel moves; both
        # agree before that, and again once it is done (stepping by index, they never met again).
        apart = [i for i, (a, b) in enumerate(where) if a != b]
        self.assertTrue(apart, "the two rules prune alike on this tree")
        self.assertEqual(where[: apart[0]], [[a, a] for a, _ in where[: apart[0]]])
        self.assertEqual(where[apart[-1] + 1 :], [[a, a] for a, _ in where[apart[-1] + 1 :]])
        self.assertEqual(where[-1], ["at the root", "at the root"])
        self.assertLess(len(apart), total // 2)
        self.shot("teach-compare")
        # A bad trace shows its error; the next good one takes it away (it stayed).
        page.fill("#trace-game", "tree(shape=[[1,2],[3")
        page.click("#trace-run")
        expect(page.locator("#error")).to_be_visible()
        panel = self.trace("GameState quiz: alpha-beta to the end (55)")
        expect(page.locator("#error")).to_be_hidden()
        expect(panel.locator(".node-board svg g.cell").first).to_be_visible()
        before = panel.locator(".tree-scroll svg").bounding_box()["width"]
        panel.locator("button[data-zoom='+']").click()
        panel.locator("button[data-zoom='+']").click()
        after = page.locator("#trace-panels .trace-panel .tree-scroll svg").bounding_box()["width"]
        self.assertGreater(after, before * 1.3)

    def test_a_record_file_replays_move_by_move(self):
        page = self.page
        page.click("#tab-replay")
        page.click("#record-files button[data-file='tournament.jsonl']")
        rows = page.locator("#record-games tbody tr")
        expect(rows).to_have_count(4)
        rows.first.click()
        expect(page.locator("#replay-label")).to_contain_text("ply 0 of")
        page.click("#replay-next")
        expect(page.locator("#replay-label")).to_contain_text("ply 1 of")
        # The last move is drawn in its mover's colour: player 0's first, then player 1's.
        mark = page.locator("#replay-board g.pv > :first-child")
        expect(mark).to_have_attribute("stroke", "var(--p0)")
        page.click("#replay-next")
        expect(page.locator("#replay-label")).to_contain_text("ply 2 of")
        expect(mark).to_have_attribute("stroke", "var(--p1)")
        page.click("#replay-last")
        expect(page.locator("#replay-label")).to_contain_text(re.compile(r"(player [01] wins|a draw)"))
        label = page.locator("#replay-label").inner_text()
        total = re.search(r"ply (\d+) of (\d+)", label)
        self.assertEqual(total.group(1), total.group(2))
        self.shot("replay")


if __name__ == "__main__":
    unittest.main()
